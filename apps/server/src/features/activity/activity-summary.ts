import { and, desc, eq, gt, inArray, max, min, or, sql, sum } from 'drizzle-orm';
import {
  canonicalTimeZone,
  ACTIVITY_LABELS,
  DAILY_GOALS,
  QUICK_ACTIONS,
  RECENT_EVENTS_SHOWN,
  levelForXp,
  progressBand,
  progressOfGoals,
  quickActionById,
  type ActivityKind,
  type ActivityResponse,
  type QuickActionId,
  type TimeZoneSource,
} from '@tp/shared';
import type { DbExecutor } from '../../db/client';
import { activityDays, userActivity, type ActivityDayRow } from './activity.tables';
import { activityFigures } from './activity-figures';

const GOAL_KINDS: ActivityKind[] = DAILY_GOALS.map((goal) => goal.kind);

/** What the user really did on `day`: when each goal's event first happened, and the quick actions rewarded. */
async function doneOn(db: DbExecutor, userId: string, day: string) {
  const rows = await db
    .select({ kind: userActivity.kind, action: userActivity.action, at: min(userActivity.occurredAt) })
    .from(userActivity)
    .where(
      and(
        eq(userActivity.userId, userId),
        eq(userActivity.day, day),
        or(
          inArray(userActivity.kind, GOAL_KINDS),
          // clicks from before quick actions counted once a day may sit here at 0 XP
          and(eq(userActivity.kind, 'quick_action'), gt(userActivity.xp, 0)),
        ),
      ),
    )
    .groupBy(userActivity.kind, userActivity.action);
  const firstAt = (kind: ActivityKind) => rows.find((row) => row.kind === kind)?.at ?? null;
  const rewarded = new Set(rows.map((row) => row.action));
  const quickActions: QuickActionId[] = QUICK_ACTIONS.filter((action) => rewarded.has(action.id)).map((a) => a.id);
  return { firstAt, quickActions };
}

/** Whether the user has ever opened Analytics (one indexed probe). */
async function hasOpenedAnalytics(db: DbExecutor, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ found: sql<number>`1` })
    .from(userActivity)
    .where(and(eq(userActivity.userId, userId), eq(userActivity.kind, 'analytics_viewed')))
    .limit(1);
  return row !== undefined;
}

/**
 * Today's figures from what really happened: each goal is done by its event of the day in the
 * user's zone (signed in, opened Analytics, uploaded a file), progress is the share of the goals
 * done, and XP is what the events earned.
 */
export async function summarizeActivity(
  db: DbExecutor,
  user: { id: string; timezone: string; timezoneSource: TimeZoneSource },
  today: ActivityDayRow,
): Promise<ActivityResponse> {
  const [totals] = await db
    .select({ xp: sum(activityDays.xp).mapWith(Number), longest: max(activityDays.streak) })
    .from(activityDays)
    .where(eq(activityDays.userId, user.id));
  const done = await doneOn(db, user.id, today.day);
  const recent = await db
    .select()
    .from(userActivity)
    .where(eq(userActivity.userId, user.id))
    .orderBy(desc(userActivity.occurredAt), desc(userActivity.id))
    .limit(RECENT_EVENTS_SHOWN);
  const counts = await activityFigures().contentCounts(db, user.id);
  const analyticsOpened = await hasOpenedAnalytics(db, user.id);

  const goals = DAILY_GOALS.map((goal) => {
    const completedAt = done.firstAt(goal.kind);
    return {
      id: goal.id,
      label: goal.label,
      status: completedAt ? ('done' as const) : ('pending' as const),
      completedAt: completedAt?.toISOString() ?? null,
    };
  });
  const goalsDone = goals.filter((goal) => goal.status === 'done').length;
  const percent = progressOfGoals(goalsDone, goals.length);
  const band = progressBand(percent);
  // 100 % was reached when the last of the goals was done
  const completedAt =
    goalsDone === goals.length
      ? (goals
          .map((goal) => goal.completedAt!)
          .sort()
          .at(-1) ?? null)
      : null;
  const totalXp = totals?.xp ?? 0;
  const streak = today.streak ?? 1;
  return {
    date: today.day,
    timeZone: canonicalTimeZone(user.timezone) ?? user.timezone,
    timeZoneSource: user.timezoneSource,
    streak: { current: streak, longest: Math.max(streak, totals?.longest ?? 0), lastVisitDate: today.day },
    xp: { total: totalXp, today: today.xp },
    level: levelForXp(totalXp),
    progress: {
      percent,
      goalsDone,
      goalsTotal: goals.length,
      band: { id: band.id, message: band.message },
      completedAt,
    },
    goals,
    quickActionsEarned: done.quickActions,
    analyticsOpened,
    counts: { ...counts, streak },
    recent: recent.map((event) => ({
      id: String(event.id),
      kind: event.kind,
      action: event.action,
      label: event.action
        ? `${ACTIVITY_LABELS.quick_action}: ${quickActionById(event.action).label}`
        : ACTIVITY_LABELS[event.kind],
      xp: event.xp,
      occurredAt: event.occurredAt.toISOString(),
      day: event.day,
    })),
  };
}
