import { describe, expect, it } from 'vitest';
import { userStorageKey } from '@/lib/user-storage';
import { cacheStreak, readCachedStreak } from './streak-cache';

const now = new Date('2026-11-03T09:30:00Z');

describe('browser streak cache', () => {
  it("keeps the server's streak for the day it was read, with the last login", () => {
    cacheStreak(localStorage, 'u1', { count: 4, lastDate: '2026-11-03', timeZone: 'UTC' }, now);
    expect(readCachedStreak(localStorage, 'u1', now)).toBe(4);
    expect(localStorage.getItem(userStorageKey('u1', 'lastLogin'))).toBe(now.toISOString());
  });

  it("is another user's no answer: a second account on this browser never sees the first one's streak", () => {
    cacheStreak(localStorage, 'u1', { count: 4, lastDate: '2026-11-03', timeZone: 'UTC' }, now);
    expect(readCachedStreak(localStorage, 'u2', now)).toBeNull();
  });

  it("takes today in the user's zone the server counted in, not the browser's", () => {
    // 10:30 UTC on the 24th is the 25th in Kiritimati (UTC+14); 05:00 UTC on the 24th is the 23rd in Pago Pago (UTC−11)
    cacheStreak(localStorage, 'u1', { count: 4, lastDate: '2026-11-25', timeZone: 'Pacific/Kiritimati' });
    expect(readCachedStreak(localStorage, 'u1', new Date('2026-11-24T10:30:00Z'))).toBe(4);
    expect(readCachedStreak(localStorage, 'u1', new Date('2026-11-25T10:30:00Z'))).toBeNull();
    cacheStreak(localStorage, 'u1', { count: 6, lastDate: '2026-11-23', timeZone: 'Pacific/Pago_Pago' });
    expect(readCachedStreak(localStorage, 'u1', new Date('2026-11-24T05:00:00Z'))).toBe(6);
  });

  it('is no answer on another day, without a zone (an older copy) or when the stored copy is unreadable', () => {
    cacheStreak(localStorage, 'u1', { count: 4, lastDate: '2026-11-02', timeZone: 'UTC' });
    expect(readCachedStreak(localStorage, 'u1', now)).toBeNull();
    localStorage.setItem(userStorageKey('u1', 'streak'), JSON.stringify({ count: 4, lastDate: '2026-11-03' }));
    expect(readCachedStreak(localStorage, 'u1', now)).toBeNull();
    localStorage.setItem(userStorageKey('u1', 'streak'), '{not json');
    expect(readCachedStreak(localStorage, 'u1', now)).toBeNull();
  });
});
