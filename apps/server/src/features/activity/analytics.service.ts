import { ANALYTICS_DEFAULT_DAYS, type AnalyticsResponse, type Series } from '@tp/shared';
import type { Deps } from '../../deps';
import type { AccessClaims } from '../../plugins/auth';
import { activityEvent } from './activity-in-statement';
import { readAnalyticsContext, recordViewAndReadFigures, type FigureRow, type FigureSeries } from './analytics-reads';
import { addDays, daysBetween, type CalendarDay } from './calendar';

function seriesOf(days: CalendarDay[], rows: FigureRow[], name: FigureSeries): Series {
  const values = new Map(rows.filter((row) => row.series === name).map((row) => [row.day, row.value]));
  const points = days.map((date) => ({ date, value: values.get(date) ?? 0 }));
  return { available: true, note: null, points, total: points.reduce((a, p) => a + p.value, 0) };
}

/**
 * GET /api/me/analytics: per-day series over calendar dates in the user's zone. Viewing it is the
 * real "Check Analytics" of the day's goals, recorded once a day. Two statements, the first
 * proving the session (analytics-reads.ts).
 */
export async function getAnalytics(
  deps: Pick<Deps, 'connection'>,
  session: AccessClaims,
  range: { start?: CalendarDay; end?: CalendarDay },
  now: Date = new Date(),
): Promise<AnalyticsResponse> {
  const { connection } = deps;
  const context = await readAnalyticsContext(connection, session);
  const event = activityEvent(
    { userId: session.userId, kind: 'analytics_viewed', occurredAt: now, oncePerDay: true },
    context,
  );
  const today = event.day;
  const end = range.end ?? (range.start && range.start > today ? range.start : today);
  const start = range.start ?? addDays(end, -(ANALYTICS_DEFAULT_DAYS - 1));
  const days = daysBetween(start, end);
  const rows = await recordViewAndReadFigures(connection, { event, start, end });
  const series = (name: FigureSeries) => seriesOf(days, rows, name);

  return {
    start,
    end,
    timeZone: context.timeZone,
    content: { uploads: series('file_uploaded'), views: series('views') },
    campaigns: { sends: series('campaign_sent'), opens: series('opens'), clicks: series('clicks') },
    activity: { xp: series('xp'), trades: series('trade_placed') },
    trading: { performance: '/api/analytics/performance', risk: '/api/analytics/risk' },
  };
}
