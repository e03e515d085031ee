import {
  canonicalTimeZone,
  ACTIVITY_LABELS,
  DAILY_GOALS,
  QUICK_ACTIONS,
  levelForXp,
  progressBand,
  progressOfGoals,
  quickActionById,
  type ActivityResponse,
} from '@tp/shared';
import type { ActivityDayRow } from './activity.tables';
import type { ActivityFiguresRead } from './activity-reads';

/**
 * Today's figures from what really happened: each goal is done by its event of the day in the
 * user's zone (signed in, opened Analytics, uploaded a file), progress is the share of the goals
 * done, and XP is what the events earned. `figures` were read when `today` was the newest day.
 */
export function summarizeActivity(figures: ActivityFiguresRead, today: ActivityDayRow): ActivityResponse {
  const { user, done, totals, counts, analyticsOpened, recent } = figures;
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
  const totalXp = totals.xp;
  const streak = today.streak ?? 1;
  return {
    date: today.day,
    timeZone: canonicalTimeZone(user.timezone) ?? user.timezone,
    timeZoneSource: user.timezoneSource,
    streak: { current: streak, longest: Math.max(streak, totals.longest), lastVisitDate: today.day },
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
    quickActionsEarned: QUICK_ACTIONS.filter((action) => done.quickActions.has(action.id)).map((a) => a.id),
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
