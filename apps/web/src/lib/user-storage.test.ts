import { afterEach, describe, expect, it, vi } from 'vitest';
import { clearUserStorage, onUserStorageCleared, userStorageKey } from './user-storage';

afterEach(() => localStorage.clear());

describe('user storage', () => {
  it("removes every key of the user who signs out and nobody else's", () => {
    localStorage.setItem(userStorageKey('u1', 'campaign-draft.v1'), '{}');
    localStorage.setItem(userStorageKey('u1', 'streak'), '{}');
    localStorage.setItem(userStorageKey('u10', 'streak'), '{"other":true}');
    localStorage.setItem('tp.theme', 'dark');

    clearUserStorage('u1');

    expect(Object.keys(localStorage).sort()).toEqual(['tp.theme', userStorageKey('u10', 'streak')].sort());
  });

  it('tells the holders of in-memory copies', () => {
    const listener = vi.fn();
    const stop = onUserStorageCleared(listener);
    clearUserStorage('u2');
    stop();
    clearUserStorage('u3');
    expect(listener.mock.calls).toEqual([['u2']]);
  });
});
