import { afterEach, describe, expect, it, vi } from 'vitest';
import { withRefreshLock } from './refresh-lock';

const LEASE_KEY = 'tp.auth.refresh-lease';

describe('withRefreshLock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('uses a Web Lock when the browser has them', async () => {
    const request = vi.fn((_name: string, task: () => Promise<string>) => task());
    vi.stubGlobal('navigator', { ...navigator, locks: { request } });
    await expect(withRefreshLock(async () => 'done')).resolves.toBe('done');
    expect(request).toHaveBeenCalledWith('tp.auth.refresh', expect.any(Function));
  });

  describe('without Web Locks (a lease in localStorage)', () => {
    it('waits while another tab holds the lease, and runs once that tab has rotated the tokens', async () => {
      expect(navigator.locks).toBeUndefined();
      localStorage.setItem(LEASE_KEY, JSON.stringify({ id: 'other-tab', until: Date.now() + 30_000 }));
      const task = vi.fn(async () => 'mine');
      const result = withRefreshLock(task);
      await Promise.resolve();
      expect(task).not.toHaveBeenCalled();

      // the other tab stores the rotated refresh token and lets go
      localStorage.removeItem(LEASE_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: 'tp.auth.refreshToken', storageArea: localStorage }));
      await expect(result).resolves.toBe('mine');
      expect(task).toHaveBeenCalledTimes(1);
      expect(localStorage.getItem(LEASE_KEY)).toBeNull();
    });

    it('takes over a lease its holder abandoned (a closed tab) once it runs out', async () => {
      vi.useFakeTimers();
      localStorage.setItem(LEASE_KEY, JSON.stringify({ id: 'closed-tab', until: Date.now() + 5_000 }));
      const task = vi.fn(async () => JSON.parse(localStorage.getItem(LEASE_KEY)!).id as string);
      const result = withRefreshLock(task);
      await vi.advanceTimersByTimeAsync(4_999);
      expect(task).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(1);
      const holder = await result;
      expect(holder).not.toBe('closed-tab');
      expect(localStorage.getItem(LEASE_KEY)).toBeNull();
    });

    it('holds the lease while it runs and frees it even when the task fails', async () => {
      let seen: string | null = null;
      await expect(
        withRefreshLock(async () => {
          seen = localStorage.getItem(LEASE_KEY);
          throw new Error('refresh failed');
        }),
      ).rejects.toThrow('refresh failed');
      expect(seen).not.toBeNull();
      expect(localStorage.getItem(LEASE_KEY)).toBeNull();
    });
  });
});
