import type { Connection } from '../../db/client';
import type { AccessClaims } from '../../plugins/auth';
import { liveSessionFrom, proveSession } from '../../plugins/auth/session-in-statement';
import { activityFigures } from './activity-figures';
import {
  ACTIVITY_CONTEXT_COLUMNS,
  ACTIVITY_PARAMETERS,
  activityContextOf,
  activityParts,
  activityValues,
  type ActivityContext,
  type ActivityContextRow,
  type ActivityEvent,
} from './activity-in-statement';
import type { CalendarDay } from './calendar';

/**
 * GET /api/me/analytics in two prepared statements: the first proves the session live (decision
 * 0027) and reads what the day of the visit depends on; the second records the day's
 * "analytics viewed" and reads every series. Each statement was a round trip of its own: eight per
 * call before, the auth read, the event's two and five series.
 */

/** $1 the user, $2 the session. One row when the session is live (liveSessionFrom). */
const CONTEXT_OF_SESSION = {
  name: 'activity_analytics_context',
  text: `select live_session.session_stale, ${ACTIVITY_CONTEXT_COLUMNS('$1::uuid')} from ${liveSessionFrom('$2', '$1')}`,
};

/** The series each row of the figures statement belongs to. */
export type FigureSeries = 'file_uploaded' | 'campaign_sent' | 'trade_placed' | 'xp' | 'views' | 'opens' | 'clicks';

/** The activity kinds counted per day as they are. */
const COUNTED_KINDS = ['file_uploaded', 'campaign_sent', 'trade_placed'] as const;

const FIRST_EVENT_PARAMETER = 5;

let figuresStatementText: string | null = null;

/**
 * $1 the user, $2 and $3 the first and last day, $4 the user's zone, then the event's parameters
 * (activityParts). The event's insert is invisible to the reads of the same statement, so its XP
 * joins the XP series from what the insert returns: counted once, whether new or already recorded.
 */
function figuresStatement(): string {
  if (figuresStatementText) return figuresStatementText;
  const terms = { userId: '$1::uuid', start: '$2::date', end: '$3::date', timeZone: '$4::text' };
  const inRange = `between ${terms.start} and ${terms.end}`;
  const supplied = activityFigures();
  const reactions = supplied.campaignReactionsByDaySql(terms);
  figuresStatementText = `
  with ${activityParts(null, FIRST_EVENT_PARAMETER)}
  select k.kind as series, k.day::text as day, count(*)::int as value
  from user_activity k
  where k.user_id = ${terms.userId} and k.day ${inRange} and k.kind in (${COUNTED_KINDS.map((kind) => `'${kind}'`).join(', ')})
  group by k.kind, k.day
  union all
  select 'xp', x.day::text, sum(x.xp)::bigint
  from (
    select a.day, a.xp from user_activity a where a.user_id = ${terms.userId} and a.day ${inRange}
    union all
    select e.day, e.xp from activity_event e where e.day ${inRange}
  ) as x
  group by x.day
  union all
  select 'views', views.day, views.value from (${supplied.viewsByDaySql(terms)}) as views
  union all
  select 'opens', opens.day, opens.value from (${reactions.opens}) as opens
  union all
  select 'clicks', clicks.day, clicks.value from (${reactions.clicks}) as clicks`;
  return figuresStatementText;
}

/** The user's zone and newest counted day, with the session proven live (401 otherwise). */
export async function readAnalyticsContext(connection: Connection, session: AccessClaims): Promise<ActivityContext> {
  const { rows } = await connection.query<ActivityContextRow & { session_stale: boolean }>(
    CONTEXT_OF_SESSION.text,
    [session.userId, session.sessionId],
    CONTEXT_OF_SESSION.name,
  );
  await proveSession(connection, session, rows[0]);
  return activityContextOf(rows[0]!);
}

export interface FigureRow {
  series: FigureSeries;
  day: CalendarDay;
  value: number;
}

/** Records `event` (once per its key) and reads every series of the user's days from `start` to `end`. */
export async function recordViewAndReadFigures(
  connection: Connection,
  { event, start, end }: { event: ActivityEvent; start: CalendarDay; end: CalendarDay },
): Promise<FigureRow[]> {
  const values = [event.userId, start, end, event.timeZone, ...activityValues(event)];
  if (values.length !== FIRST_EVENT_PARAMETER - 1 + ACTIVITY_PARAMETERS) throw new Error('analytics: parameters');
  const { rows } = await connection.query<{ series: FigureSeries; day: string; value: string | number }>(
    figuresStatement(),
    values,
    'activity_analytics_figures',
  );
  return rows.map((row) => ({ series: row.series, day: row.day, value: Number(row.value) }));
}
