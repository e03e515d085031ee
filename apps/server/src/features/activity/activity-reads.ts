import {
  DAILY_GOALS,
  RECENT_EVENTS_SHOWN,
  type ActivityKind,
  type QuickActionId,
  type TimeZoneSource,
} from '@tp/shared';
import type { Connection } from '../../db/client';
import type { AccessClaims } from '../../plugins/auth';
import { liveSessionFrom, proveSession } from '../../plugins/auth/session-in-statement';
import { activityFigures } from './activity-figures';
import type { ActivityDayRow } from './activity.tables';

/**
 * What GET /api/me/activity shows, read in one prepared statement: the user's zone, their newest
 * counted day with what was done on it, the totals, the content counts and the recent events. On
 * a route that proves the session in its statement (decision 0027) the same statement proves it.
 * The dashboard's answer needs nothing else when the newest day is today and already visited — every
 * call but the first of the day.
 */

/** A recent event as the dashboard lists it. */
export interface RecentEvent {
  id: number;
  kind: ActivityKind;
  action: QuickActionId | null;
  xp: number;
  occurredAt: Date;
  day: string;
}

export interface ActivityFiguresRead {
  user: { id: string; timezone: string; timezoneSource: TimeZoneSource };
  /** The newest counted day, null before any. */
  latest: ActivityDayRow | null;
  /** What the goals' events and the rewarded quick actions of the newest day were. */
  done: { firstAt: (kind: ActivityKind) => Date | null; quickActions: ReadonlySet<string> };
  totals: { xp: number; longest: number };
  analyticsOpened: boolean;
  counts: { files: number; views: number };
  recent: RecentEvent[];
}

const GOAL_COLUMNS = DAILY_GOALS.map(
  (goal, i) => `(select min(g.occurred_at) from user_activity g
     where g.user_id = u.id and g.day = latest.day and g.kind = '${goal.kind}')::text as goal_${i}`,
);

/** Everything of the user `u`, given the from-item that defines `u` (and the columns it adds). */
const figuresOver = (from: string, columns = '') => `
  select ${columns} u.timezone, u.timezone_source,
    latest.day::text as latest_day, latest.time_zone as latest_time_zone, latest.visited_at::text as latest_visited_at,
    latest.streak as latest_streak, latest.xp as latest_xp,
    totals.xp::bigint as total_xp, totals.longest,
    exists (select 1 from user_activity o where o.user_id = u.id and o.kind = 'analytics_viewed') as analytics_opened,
    ${GOAL_COLUMNS.join(',\n    ')},
    -- quick actions before they counted once a day may sit here at 0 XP
    (select string_agg(distinct q.action, ',') from user_activity q
      where q.user_id = u.id and q.day = latest.day and q.kind = 'quick_action' and q.xp > 0) as quick_actions,
    counts.files, counts.views,
    recent.id as recent_id, recent.kind as recent_kind, recent.action as recent_action, recent.xp as recent_xp,
    recent.occurred_at::text as recent_occurred_at, recent.day::text as recent_day
  ${from}
  left join lateral (
    select d.day, d.time_zone, d.visited_at, d.streak, d.xp from activity_days d
    where d.user_id = u.id order by d.day desc limit 1
  ) as latest on true
  left join lateral (
    select sum(t.xp) as xp, max(t.streak) as longest from activity_days t where t.user_id = u.id
  ) as totals on true
  left join lateral (${activityFigures().contentCountsSql('u.id')}) as counts on true
  left join lateral (
    select r.id, r.kind, r.action, r.xp, r.occurred_at, r.day from user_activity r
    where r.user_id = u.id order by r.occurred_at desc, r.id desc limit ${RECENT_EVENTS_SHOWN}
  ) as recent on true
  where u.id = $1::uuid
  order by recent.occurred_at desc, recent.id desc`;

let statements: { ofUser: string; ofSession: string } | null = null;
/** Built at first use: content supplies its part when its routes are registered. */
function figuresStatements() {
  statements ??= {
    /** $1 the user. */
    ofUser: figuresOver('from users u'),
    /** $1 the user, $2 the session: no row when the session is not live. */
    ofSession: figuresOver(
      `from ${liveSessionFrom('$2', '$1')} join users u on u.id = $1::uuid`,
      'live_session.session_stale,',
    ),
  };
  return statements;
}

interface Row {
  session_stale?: boolean;
  timezone: string;
  timezone_source: TimeZoneSource;
  latest_day: string | null;
  latest_time_zone: string | null;
  latest_visited_at: string | null;
  latest_streak: number | null;
  latest_xp: number | null;
  total_xp: string | number | null;
  longest: number | null;
  analytics_opened: boolean;
  quick_actions: string | null;
  files: number | null;
  views: string | number | null;
  recent_id: string | number | null;
  recent_kind: ActivityKind | null;
  recent_action: QuickActionId | null;
  recent_xp: number | null;
  recent_occurred_at: string | null;
  recent_day: string | null;
  [goal: `goal_${number}`]: string | null;
}

function figuresOf(userId: string, rows: readonly Row[]): ActivityFiguresRead {
  const first = rows[0]!;
  const goalAt = new Map(
    DAILY_GOALS.map((goal, i) => [
      goal.kind as ActivityKind,
      first[`goal_${i}`] ? new Date(first[`goal_${i}`]!) : null,
    ]),
  );
  return {
    user: { id: userId, timezone: first.timezone, timezoneSource: first.timezone_source },
    latest: first.latest_day
      ? {
          userId,
          day: first.latest_day,
          timeZone: first.latest_time_zone!,
          visitedAt: first.latest_visited_at ? new Date(first.latest_visited_at) : null,
          streak: first.latest_streak,
          xp: first.latest_xp!,
        }
      : null,
    done: {
      firstAt: (kind) => goalAt.get(kind) ?? null,
      quickActions: new Set(first.quick_actions?.split(',') ?? []),
    },
    totals: { xp: Number(first.total_xp ?? 0), longest: first.longest ?? 0 },
    analyticsOpened: first.analytics_opened,
    counts: { files: first.files ?? 0, views: Number(first.views ?? 0) },
    recent: rows.flatMap((row) =>
      row.recent_id === null
        ? []
        : [
            {
              id: Number(row.recent_id),
              kind: row.recent_kind!,
              action: row.recent_action,
              xp: row.recent_xp!,
              occurredAt: new Date(row.recent_occurred_at!),
              day: row.recent_day!,
            },
          ],
    ),
  };
}

/** The dashboard's figures of the user, as of now. */
export async function readActivityFigures(connection: Connection, userId: string): Promise<ActivityFiguresRead> {
  const { rows } = await connection.query<Row>(figuresStatements().ofUser, [userId], 'activity_figures');
  if (!rows[0]) throw new Error(`activity: no user ${userId}`);
  return figuresOf(userId, rows);
}

/** The same, with the request's session proven live in the statement (401 otherwise). */
export async function readActivityFiguresOfSession(
  connection: Connection,
  session: AccessClaims,
): Promise<ActivityFiguresRead> {
  const { rows } = await connection.query<Row>(
    figuresStatements().ofSession,
    [session.userId, session.sessionId],
    'activity_figures_session',
  );
  await proveSession(connection, session, rows[0] as { session_stale: boolean } | undefined);
  return figuresOf(session.userId, rows);
}
