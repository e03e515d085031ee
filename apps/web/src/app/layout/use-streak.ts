import { useState } from 'react';

const STREAK_KEY = 'tp.streak';
const LAST_LOGIN_KEY = 'tp.lastLogin';

interface StreakRecord {
  count: number;
  lastDate: string;
}

const dayKey = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/**
 * The browser streak of spec 01 §4: on the first visit of a new day the count rises by one when the
 * last visit was yesterday, otherwise it restarts at 1.
 */
export function updateStreak(storage: Storage, now: Date = new Date()): number {
  const today = dayKey(now);
  let record: StreakRecord | null;
  try {
    record = JSON.parse(storage.getItem(STREAK_KEY) ?? 'null') as StreakRecord | null;
  } catch {
    record = null;
  }
  if (record && record.lastDate === today) return record.count;
  const yesterday = new Date(now);
  yesterday.setDate(now.getDate() - 1);
  const count = record && record.lastDate === dayKey(yesterday) ? record.count + 1 : 1;
  storage.setItem(STREAK_KEY, JSON.stringify({ count, lastDate: today }));
  storage.setItem(LAST_LOGIN_KEY, now.toISOString());
  return count;
}

export function useStreak(): number {
  const [streak] = useState(() => updateStreak(localStorage));
  return streak;
}
