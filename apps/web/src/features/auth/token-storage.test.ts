import { afterEach, describe, expect, it, vi } from 'vitest';
import { keepRotatedTokens } from './api/refresh-session';
import { clearTokens, readTokens, storeTokens } from './token-storage';

const spies: Array<{ mockRestore(): void }> = [];
const spy = <T extends { mockRestore(): void }>(s: T): T => (spies.push(s), s);

describe('token storage', () => {
  afterEach(() => spies.splice(0).forEach((s) => s.mockRestore()));

  it('keeps remembered tokens in localStorage and the others in sessionStorage, under two keys', () => {
    storeTokens({ token: 'a1', refreshToken: 'r1' }, true);
    expect(localStorage.getItem('tp.auth.token')).toBe('a1');
    expect(localStorage.getItem('tp.auth.refreshToken')).toBe('r1');
    expect(readTokens()).toEqual({ token: 'a1', refreshToken: 'r1', remembered: true });

    storeTokens({ token: 'a2', refreshToken: 'r2' }, false);
    expect(localStorage.getItem('tp.auth.token')).toBeNull();
    expect(sessionStorage.getItem('tp.auth.token')).toBe('a2');
    expect(readTokens()).toEqual({ token: 'a2', refreshToken: 'r2', remembered: false });

    clearTokens();
    expect(readTokens()).toEqual({ token: null, refreshToken: null, remembered: false });
  });

  it('a tab signed in without "remember me" keeps its own session over a remembered one stored later elsewhere', () => {
    sessionStorage.setItem('tp.auth.token', 'mine');
    sessionStorage.setItem('tp.auth.refreshToken', 'r-mine');
    localStorage.setItem('tp.auth.token', 'other-tab');
    localStorage.setItem('tp.auth.refreshToken', 'r-other');
    expect(readTokens()).toEqual({ token: 'mine', refreshToken: 'r-mine', remembered: false });
    // its rotation leaves the other tab's remembered pair alone
    keepRotatedTokens({ token: 'mine-2', refreshToken: 'r-mine-2' });
    expect(readTokens()).toEqual({ token: 'mine-2', refreshToken: 'r-mine-2', remembered: false });
    expect(localStorage.getItem('tp.auth.refreshToken')).toBe('r-other');
  });

  it('overwrites rotated tokens in place, so other tabs never see a removal (which means sign-out)', () => {
    storeTokens({ token: 'a1', refreshToken: 'r1' }, true);
    const removed = spy(vi.spyOn(Storage.prototype, 'removeItem'));
    keepRotatedTokens({ token: 'a2', refreshToken: 'r2' });
    const fromLocal = () => removed.mock.contexts.filter((storage) => storage === localStorage).length;
    expect(fromLocal()).toBe(0);
    expect(readTokens()).toEqual({ token: 'a2', refreshToken: 'r2', remembered: true });
    // (a sign-in that is not remembered does take the remembered pair away)
    storeTokens({ token: 'a3', refreshToken: 'r3' }, false);
    expect(fromLocal()).toBe(2);
  });

  it('works without storage (privacy modes): nothing stored, nothing thrown', () => {
    const denied = () => {
      throw new DOMException('denied', 'SecurityError');
    };
    spy(vi.spyOn(Storage.prototype, 'getItem').mockImplementation(denied));
    spy(vi.spyOn(Storage.prototype, 'setItem').mockImplementation(denied));
    expect(() => storeTokens({ token: 'a', refreshToken: 'r' }, true)).not.toThrow();
    expect(readTokens().token).toBeNull();
  });
});
