import { useEffect, useState } from 'react';
import { DASHBOARD, type ActivityResponse } from '@tp/shared';
import { userStorageKey } from '@/lib/user-storage';

const celebratedKey = (userId: string) => userStorageKey(userId, 'goalsCelebrated');
/** The day celebrated per user, for a browser that refuses storage: kept for this page's life. */
const celebratedHere = new Map<string, string>();

function celebratedBefore(userId: string, day: string): boolean {
  try {
    return localStorage.getItem(celebratedKey(userId)) === day;
  } catch {
    return celebratedHere.get(userId) === day;
  }
}

function rememberCelebrated(userId: string, day: string): void {
  try {
    localStorage.setItem(celebratedKey(userId), day);
  } catch {
    celebratedHere.set(userId, day);
  }
}

/**
 * "Daily Goals Complete!" (docs/product/dashboard.md#daily-goals-complete): opens when the
 * dashboard finds today's progress at 100 % —
 * every goal really done — once a day in this browser, whichever page the last goal was done on.
 */
export function useGoalsCelebration(activity: ActivityResponse | undefined, userId: string) {
  const [open, setOpen] = useState(false);
  const day = activity && activity.progress.percent >= DASHBOARD.maxProgress ? activity.date : null;
  useEffect(() => {
    if (!day || celebratedBefore(userId, day)) return;
    rememberCelebrated(userId, day);
    setOpen(true);
  }, [day, userId]);
  return [open, setOpen] as const;
}
