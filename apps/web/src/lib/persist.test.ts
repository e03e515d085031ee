import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createPersistor, PERSIST_KEY, type PersistStorage } from './persist';

const stored = () => JSON.parse(localStorage.getItem(PERSIST_KEY) ?? 'null');

describe('persistor', () => {
  it('keeps registered slices together under one key with version 1, and ignores the others', () => {
    const p = createPersistor({ storage: localStorage });
    p.register('theme');
    p.register('auth');
    p.write('theme', { mode: 'light' });
    p.write('auth', { rememberMe: true });
    p.write('ui', { open: true }); // UI state is never persisted
    expect(PERSIST_KEY).toBe('tp.ui.v1');
    expect(stored()).toEqual({ version: 1, slices: { theme: { mode: 'light' }, auth: { rememberMe: true } } });
  });

  it('does not drop a slice another module wrote earlier', () => {
    localStorage.setItem(PERSIST_KEY, JSON.stringify({ version: 1, slices: { auth: { a: 1 } } }));
    const p = createPersistor({ storage: localStorage });
    p.register('auth');
    p.register('theme');
    p.write('theme', { mode: 'auto' });
    expect(stored().slices).toEqual({ auth: { a: 1 }, theme: { mode: 'auto' } });
  });

  it('rehydrates only its version and only registered slices', async () => {
    localStorage.setItem(PERSIST_KEY, JSON.stringify({ version: 1, slices: { theme: { mode: 'light' }, other: 1 } }));
    const p = createPersistor({ storage: localStorage });
    p.register('theme');
    await expect(p.rehydrate()).resolves.toEqual({ theme: { mode: 'light' } });

    localStorage.setItem(PERSIST_KEY, JSON.stringify({ version: 0, slices: { theme: { mode: 'light' } } }));
    await expect(createPersistor({ storage: localStorage }).rehydrate()).resolves.toBeNull();
    localStorage.setItem(PERSIST_KEY, '{not json');
    await expect(createPersistor({ storage: localStorage }).rehydrate()).resolves.toBeNull();
  });

  it('holds writes while paused, writes on flush or resume, and purges', async () => {
    const p = createPersistor({ storage: localStorage });
    p.register('theme');
    p.pause();
    p.write('theme', { mode: 'light' });
    expect(localStorage.getItem(PERSIST_KEY)).toBeNull();
    await p.flush();
    expect(stored().slices.theme).toEqual({ mode: 'light' });
    p.write('theme', { mode: 'dark' });
    expect(stored().slices.theme).toEqual({ mode: 'light' });
    p.resume();
    await p.flush();
    expect(stored().slices.theme).toEqual({ mode: 'dark' });
    await p.purge();
    expect(localStorage.getItem(PERSIST_KEY)).toBeNull();
  });

  it('survives a storage that throws', () => {
    const broken: PersistStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceeded');
      },
      removeItem: () => undefined,
    };
    const p = createPersistor({ storage: broken });
    p.register('theme');
    expect(() => p.write('theme', { mode: 'light' })).not.toThrow();
    expect(p.readSync('theme')).toEqual({ mode: 'light' });
  });

  describe('with a slow asynchronous storage', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('gives up restoring after 5 s', async () => {
      const never: PersistStorage = { getItem: () => new Promise(() => {}), setItem: vi.fn(), removeItem: vi.fn() };
      const p = createPersistor({ storage: never });
      p.register('theme');
      let result: unknown = 'pending';
      void p.rehydrate().then((r) => (result = r));
      await vi.advanceTimersByTimeAsync(4999);
      expect(result).toBe('pending');
      await vi.advanceTimersByTimeAsync(1);
      expect(result).toBeNull();
    });

    it('restores from a storage that answers in time, and writes only after restoring', async () => {
      const setItem = vi.fn();
      const slow: PersistStorage = {
        getItem: () =>
          new Promise((resolve) =>
            setTimeout(() => resolve(JSON.stringify({ version: 1, slices: { auth: { x: 1 } } })), 1000),
          ),
        setItem,
        removeItem: vi.fn(),
      };
      const p = createPersistor({ storage: slow });
      p.register('theme');
      p.register('auth');
      p.write('theme', { mode: 'light' });
      expect(setItem).not.toHaveBeenCalled();
      const restored = p.rehydrate();
      await vi.advanceTimersByTimeAsync(1000);
      await expect(restored).resolves.toEqual({ auth: { x: 1 } });
      await vi.advanceTimersByTimeAsync(0);
      expect(JSON.parse(setItem.mock.calls.at(-1)![1])).toEqual({
        version: 1,
        slices: { auth: { x: 1 }, theme: { mode: 'light' } },
      });
    });
  });
});
