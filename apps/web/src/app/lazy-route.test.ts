import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installTestAuthHooks } from '@/testing';
import { ChunkLoadError, lazyRoute } from './lazy-route';

describe('lazyRoute', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('resolves the module as a route component', async () => {
    const Page = () => null;
    await expect(lazyRoute(() => Promise.resolve({ default: Page }))()).resolves.toEqual({ Component: Page });
  });

  it('gives up after 120 s with "Loading chunk failed"', async () => {
    const pending = lazyRoute(() => new Promise(() => {}))();
    const outcome = expect(pending).rejects.toThrow('Loading chunk failed');
    await vi.advanceTimersByTimeAsync(119_999);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    await expect(pending).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('reloads once when a chunk of an old deployment is missing, then reports the failure', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload } as Location);
    const missing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(lazyRoute(missing)()).rejects.toBeInstanceOf(ChunkLoadError);
    expect(reload).toHaveBeenCalledTimes(1);
    await expect(lazyRoute(missing)()).rejects.toBeInstanceOf(ChunkLoadError);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  describe("a page's first reads", () => {
    const firstReadsOf = () => {
      const load = vi.fn().mockResolvedValue('answer');
      const module = { firstReads: () => [{ queryKey: ['lazy-route-first-read'], queryFn: load }] };
      return { load, reads: vi.fn(() => Promise.resolve(module)) };
    };
    afterEach(() => localStorage.clear());

    it('are asked for while the page module loads, with a session', async () => {
      localStorage.setItem('tp.auth.token', 'a-token');
      installTestAuthHooks('a-token');
      const { load, reads } = firstReadsOf();
      void lazyRoute(() => new Promise(() => {}), { firstReads: reads })();
      await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    });

    it('are not asked for without a session', async () => {
      const { reads } = firstReadsOf();
      const Page = () => null;
      await lazyRoute(() => Promise.resolve({ default: Page }), { firstReads: reads })();
      expect(reads).not.toHaveBeenCalled();
    });
  });
});
