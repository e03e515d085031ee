import { dateTimeFormat } from '@/lib/intl';
import { userStorageKey } from '@/lib/user-storage';

const streakKey = (userId: string) => userStorageKey(userId, 'streak');
const lastLoginKey = (userId: string) => userStorageKey(userId, 'lastLogin');

/**
 * The browser's copy of the streak (docs/product/shell.md#sidebar-goals-and-stats): count and last
 * date, plus the last login. The
 * date is the server's, in the user's zone (docs/decisions/0020), so the zone is kept with it.
 */
export interface StreakRecord {
  count: number;
  lastDate: string;
  timeZone: string;
}

/** An instant's calendar date (YYYY-MM-DD) in a time zone. */
export function dateIn(instant: Date, timeZone: string): string {
  const parts = dateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    instant,
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/**
 * The streak is the server's (docs/decisions/0020: the user's zone, every device alike). The
 * browser keeps the spec's local copy as a cache of the server's answer.
 */
export function cacheStreak(storage: Storage, userId: string, record: StreakRecord, now: Date = new Date()): void {
  try {
    storage.setItem(streakKey(userId), JSON.stringify(record));
    storage.setItem(lastLoginKey(userId), now.toISOString());
  } catch {
    // a full or blocked storage only loses the cache
  }
}

/**
 * This user's cached streak while it is still today's, else null. "Today" is taken in the zone the
 * server counted the date in, not the browser's: the two differ for part of the day when the user's
 * zone is not the browser's.
 */
export function readCachedStreak(storage: Storage, userId: string, now: Date = new Date()): number | null {
  try {
    const record = JSON.parse(storage.getItem(streakKey(userId)) ?? 'null') as Partial<StreakRecord> | null;
    if (!record || typeof record.count !== 'number' || typeof record.timeZone !== 'string') return null;
    return record.lastDate === dateIn(now, record.timeZone) ? record.count : null;
  } catch {
    return null;
  }
}
