import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '@/testing';
import { refreshSession } from './refresh-session';

describe('refreshSession', () => {
  it('sends one refresh for concurrent callers and stores the rotated pair where it lived', async () => {
    localStorage.setItem('tp.auth.token', 'old');
    localStorage.setItem('tp.auth.refreshToken', 'r1');
    const calls = mockApi({ 'POST /api/auth/refresh': () => ({ body: { token: 'new', refreshToken: 'r2' } }) });
    const results = await Promise.all([refreshSession(), refreshSession(), refreshSession()]);
    expect(results).toEqual([true, true, true]);
    expect(calls.filter((c) => c.key === 'POST /api/auth/refresh')).toHaveLength(1);
    expect(localStorage.getItem('tp.auth.token')).toBe('new');
    expect(localStorage.getItem('tp.auth.refreshToken')).toBe('r2');
  });

  it('reuses tokens another tab rotated while it waited for the lock, instead of replaying the old one', async () => {
    localStorage.setItem('tp.auth.token', 'old');
    localStorage.setItem('tp.auth.refreshToken', 'r1');
    const calls = mockApi({});
    // another tab holds the lock and rotates the shared tokens before releasing it
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    vi.stubGlobal('navigator', {
      ...navigator,
      locks: {
        request: async (_name: string, callback: () => Promise<boolean>) => {
          await held;
          return callback();
        },
      },
    });
    const waiting = refreshSession();
    localStorage.setItem('tp.auth.token', 'from-other-tab');
    localStorage.setItem('tp.auth.refreshToken', 'r2');
    release();
    await expect(waiting).resolves.toBe(true);
    expect(calls).toHaveLength(0);
  });

  it('answers false without a refresh token or when the server refuses', async () => {
    mockApi({
      'POST /api/auth/refresh': () => ({ status: 401, body: { success: false, error: 'x', code: 'UNAUTHORIZED' } }),
    });
    await expect(refreshSession()).resolves.toBe(false);
    sessionStorage.setItem('tp.auth.token', 'a');
    sessionStorage.setItem('tp.auth.refreshToken', 'b');
    await expect(refreshSession()).resolves.toBe(false);
  });
});
