const STREAK_KEY = 'tp.streak';
const LAST_LOGIN_KEY = 'tp.lastLogin';

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
export function cacheStreak(storage: Storage, record: StreakRecord, now: Date = new Date()): void {
  try {
    storage.setItem(STREAK_KEY, JSON.stringify(record));
    storage.setItem(LAST_LOGIN_KEY, now.toISOString());
  } catch {
    // a full or blocked storage only loses the cache
  }
}

/** The cached streak while it is still today's (for the server's date), else null. */
export function readCachedStreak(storage: Storage, today: string = dayKey(new Date())): number | null {
  try {
    const record = JSON.parse(storage.getItem(STREAK_KEY) ?? 'null') as Partial<StreakRecord> | null;
    return record && record.lastDate === today && typeof record.count === 'number' ? record.count : null;
  } catch {
    return null;
  }
}
