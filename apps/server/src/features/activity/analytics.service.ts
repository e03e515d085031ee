import { and, between, count, eq, inArray, sum } from 'drizzle-orm';
import { ANALYTICS_DEFAULT_DAYS, type ActivityKind, type AnalyticsResponse, type Series } from '@tp/shared';
import type { Deps } from '../../deps';
import { activityFigures } from './activity-figures';
import { userActivity } from './activity.tables';
import { recordActivity } from './activity.service';
import { addDays, daysBetween, type CalendarDay } from './calendar';

function series(days: CalendarDay[], values: Map<CalendarDay, number>): Series {
  const points = days.map((date) => ({ date, value: values.get(date) ?? 0 }));
  return { available: true, note: null, points, total: points.reduce((a, p) => a + p.value, 0) };
}

/**
 * GET /api/me/analytics: per-day series over calendar dates in the user's zone. Viewing it is the
 * real "Check Analytics" of the day's goals, recorded once a day.
 */
export async function getAnalytics(
  deps: Pick<Deps, 'db'>,
  user: { id: string; timezone: string },
  range: { start?: CalendarDay; end?: CalendarDay },
  now: Date = new Date(),
): Promise<AnalyticsResponse> {
  const { db } = deps;
  const { day: today } = await recordActivity(db, {
    userId: user.id,
    kind: 'analytics_viewed',
    occurredAt: now,
    oncePerDay: true,
  });
  const end = range.end ?? (range.start && range.start > today ? range.start : today);
  const start = range.start ?? addDays(end, -(ANALYTICS_DEFAULT_DAYS - 1));
  const days = daysBetween(start, end);

  const kinds: ActivityKind[] = ['file_uploaded', 'campaign_sent', 'trade_placed'];
  const byDayAndKind = await db
    .select({ day: userActivity.day, kind: userActivity.kind, n: count() })
    .from(userActivity)
    .where(
      and(eq(userActivity.userId, user.id), between(userActivity.day, start, end), inArray(userActivity.kind, kinds)),
    )
    .groupBy(userActivity.day, userActivity.kind);
  const xpByDay = await db
    .select({ day: userActivity.day, xp: sum(userActivity.xp).mapWith(Number) })
    .from(userActivity)
    .where(and(eq(userActivity.userId, user.id), between(userActivity.day, start, end)))
    .groupBy(userActivity.day);
  const countsOf = (kind: ActivityKind) =>
    new Map(byDayAndKind.filter((row) => row.kind === kind).map((row) => [row.day, row.n]));
  const figures = activityFigures();
  const views = await figures.viewsByDay(db, user.id, { start, end });
  const { opens, clicks } = await figures.campaignReactionsByDay(db, user, { start, end });

  return {
    start,
    end,
    timeZone: user.timezone,
    content: {
      uploads: series(days, countsOf('file_uploaded')),
      views: series(days, views),
    },
    campaigns: {
      sends: series(days, countsOf('campaign_sent')),
      opens: series(days, opens),
      clicks: series(days, clicks),
    },
    activity: {
      xp: series(days, new Map(xpByDay.map((row) => [row.day, row.xp]))),
      trades: series(days, countsOf('trade_placed')),
    },
    trading: { performance: '/api/analytics/performance', risk: '/api/analytics/risk' },
  };
}
