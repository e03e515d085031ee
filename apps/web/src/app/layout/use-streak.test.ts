import { describe, expect, it } from 'vitest';
import { cacheStreak, dayKey, readCachedStreak } from './use-streak';

describe('browser streak cache', () => {
  it("keeps the server's streak for the day it was read, with the last login", () => {
    const now = new Date(2026, 10, 3, 9, 30);
    cacheStreak(localStorage, { count: 4, lastDate: dayKey(now) }, now);
    expect(readCachedStreak(localStorage, dayKey(now))).toBe(4);
    expect(localStorage.getItem('tp.lastLogin')).toBe(now.toISOString());
  });

  it('is no answer on another day or when the stored copy is unreadable', () => {
    cacheStreak(localStorage, { count: 4, lastDate: '2026-11-03' });
    expect(readCachedStreak(localStorage, '2026-11-04')).toBeNull();
    localStorage.setItem('tp.streak', '{not json');
    expect(readCachedStreak(localStorage, '2026-11-03')).toBeNull();
  });
});
