import { userStorageKey } from '@/lib/user-storage';

const streakKey = (userId: string) => userStorageKey(userId, 'streak');
const lastLoginKey = (userId: string) => userStorageKey(userId, 'lastLogin');

/** The spec's browser copy of the streak (01 §3, §4): count and last date, plus the last login. */
export interface StreakRecord {
  count: number;
  lastDate: string;
}

/** A date as YYYY-MM-DD in the browser's zone. */
export const dayKey = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

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

/** This user's cached streak while it is still today's (for the server's date), else null. */
export function readCachedStreak(storage: Storage, userId: string, today: string = dayKey(new Date())): number | null {
  try {
    const record = JSON.parse(storage.getItem(streakKey(userId)) ?? 'null') as Partial<StreakRecord> | null;
    return record && record.lastDate === today && typeof record.count === 'number' ? record.count : null;
  } catch {
    return null;
  }
}
