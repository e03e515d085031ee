import { and, between, count, eq, inArray, isNotNull, sql, sum, type AnyColumn } from 'drizzle-orm';
import { ANALYTICS_DEFAULT_DAYS, type ActivityKind, type AnalyticsResponse, type Series } from '@tp/shared';
import type { DbExecutor } from '../../db/client';
import type { Deps } from '../../deps';
import { campaignRecipients, campaigns } from '../campaigns/campaigns.tables';
import { contentViewDays } from '../content/content.tables';
import { userActivity } from './activity.tables';
import { recordActivity } from './activity.service';
import { addDays, daysBetween, type CalendarDay } from './calendar';

function series(days: CalendarDay[], values: Map<CalendarDay, number>): Series {
  const points = days.map((date) => ({ date, value: values.get(date) ?? 0 }));
  return { available: true, note: null, points, total: points.reduce((a, p) => a + p.value, 0) };
}

/**
 * People who first opened (or clicked) a message of the user's campaigns, per day in the user's zone:
 * what the campaigns' own Opens and Clicks count (one per recipient, machines left out).
 */
async function firstReactionsByDay(
  db: DbExecutor,
  user: { id: string; timezone: string },
  firstAt: AnyColumn,
  range: { start: CalendarDay; end: CalendarDay },
): Promise<Map<CalendarDay, number>> {
  const day = sql<string>`to_char((${firstAt} at time zone ${user.timezone})::date, 'YYYY-MM-DD')`;
  const rows = await db
    .select({ day, n: count() })
    .from(campaignRecipients)
    .innerJoin(campaigns, eq(campaigns.id, campaignRecipients.campaignId))
    .where(and(eq(campaigns.userId, user.id), isNotNull(firstAt), between(day, range.start, range.end)))
    // by position: the day's expression carries the zone as a parameter, numbered anew at each use
    .groupBy(sql`1`);
  return new Map(rows.map((row) => [row.day as CalendarDay, row.n]));
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
  const viewsByDay = await db
    .select({ day: contentViewDays.day, views: contentViewDays.views })
    .from(contentViewDays)
    .where(and(eq(contentViewDays.ownerUserId, user.id), between(contentViewDays.day, start, end)));
  const opens = await firstReactionsByDay(db, user, campaignRecipients.firstOpenedAt, { start, end });
  const clicks = await firstReactionsByDay(db, user, campaignRecipients.firstClickedAt, { start, end });

  return {
    start,
    end,
    timeZone: user.timezone,
    content: {
      uploads: series(days, countsOf('file_uploaded')),
      views: series(days, new Map(viewsByDay.map((row) => [row.day, row.views]))),
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
