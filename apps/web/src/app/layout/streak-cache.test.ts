import { describe, expect, it } from 'vitest';
import { userStorageKey } from '@/lib/user-storage';
import { cacheStreak, dayKey, readCachedStreak } from './use-streak';

describe('browser streak cache', () => {
  it("keeps the server's streak for the day it was read, with the last login", () => {
    const now = new Date(2026, 10, 3, 9, 30);
    cacheStreak(localStorage, 'u1', { count: 4, lastDate: dayKey(now) }, now);
    expect(readCachedStreak(localStorage, 'u1', dayKey(now))).toBe(4);
    expect(localStorage.getItem(userStorageKey('u1', 'lastLogin'))).toBe(now.toISOString());
  });

  it("is another user's no answer: a second account on this browser never sees the first one's streak", () => {
    const now = new Date(2026, 10, 3, 9, 30);
    cacheStreak(localStorage, 'u1', { count: 4, lastDate: dayKey(now) }, now);
    expect(readCachedStreak(localStorage, 'u2', dayKey(now))).toBeNull();
  });

  it('is no answer on another day or when the stored copy is unreadable', () => {
    cacheStreak(localStorage, 'u1', { count: 4, lastDate: '2026-11-03' });
    expect(readCachedStreak(localStorage, 'u1', '2026-11-04')).toBeNull();
    localStorage.setItem(userStorageKey('u1', 'streak'), '{not json');
    expect(readCachedStreak(localStorage, 'u1', '2026-11-03')).toBeNull();
  });
});
