import { ACTIVITY_XP, type ActivityKind } from '@tp/shared';
import type { Statement } from '../../db/client';
import { effectiveDay, type CalendarDay, type CountedDay } from './calendar';

/** Kinds other features record through recordActivity (quick actions and logins are this feature's own). */
export type RecordableKind = Exclude<ActivityKind, 'quick_action' | 'daily_login'>;

/**
 * `recordActivity` for a caller that books its work in one statement (trading's order placement):
 * the user's zone and newest counted day come with the caller's own read, the event and its XP go
 * into the caller's write as two more parts that run only when the caller's own write happened.
 * No round trip of its own, and the event still exists exactly when the caller's rows do
 * (docs/decisions/0020; docs/trading.md#8-concurrency).
 */

/** What the day an event counts toward depends on: the user's zone and the newest day already counted. */
export interface ActivityContext {
  timeZone: string;
  latest: CountedDay | null;
}

/** An event decided in advance, with everything its two writes need. */
export interface ActivityEvent {
  userId: string;
  kind: RecordableKind;
  xp: number;
  day: CalendarDay;
  /** The zone the day is counted in, should the event open it. */
  timeZone: string;
  occurredAt: Date;
  /** Records the event once per key and user. */
  key: string | null;
}

/**
 * The columns a caller's read adds for the user whose id is `userId` (an SQL expression):
 * `select …, ${ACTIVITY_CONTEXT_COLUMNS('a.user_id')} from …`.
 */
export const ACTIVITY_CONTEXT_COLUMNS = (userId: string) => `
  (select u.timezone from users u where u.id = ${userId}) as activity_time_zone,
  (select d.day::text || ' ' || d.time_zone from activity_days d where d.user_id = ${userId}
    order by d.day desc limit 1) as activity_latest_day`;

/** The context alone, for a caller with no read of its own to carry it (`name` prepares it). */
export const activityContextStatement = (args: { userId: string; name?: string }): Statement => ({
  text: `select ${ACTIVITY_CONTEXT_COLUMNS('$1::uuid')}`,
  values: [args.userId],
  ...(args.name ? { name: args.name } : {}),
});

export interface ActivityContextRow {
  activity_time_zone: string | null;
  activity_latest_day: string | null;
}

export function activityContextOf(row: ActivityContextRow): ActivityContext {
  if (row.activity_time_zone === null) throw new Error('activity context: the user does not exist');
  const latest = row.activity_latest_day;
  const space = latest?.indexOf(' ') ?? -1;
  return {
    timeZone: row.activity_time_zone,
    latest: latest && space > 0 ? { day: latest.slice(0, space), timeZone: latest.slice(space + 1) } : null,
  };
}

/** The event `recordActivity` would record for this input, given the user's context. */
export function activityEvent(
  input: { userId: string; kind: RecordableKind; occurredAt?: Date; key?: string; oncePerDay?: boolean },
  context: ActivityContext,
): ActivityEvent {
  const occurredAt = input.occurredAt ?? new Date();
  const day = effectiveDay(occurredAt, context.timeZone, context.latest);
  return {
    userId: input.userId,
    kind: input.kind,
    xp: ACTIVITY_XP[input.kind],
    day,
    timeZone: context.timeZone,
    occurredAt,
    key: input.oncePerDay ? `${input.kind}:${day}` : (input.key ?? null),
  };
}

/** How many parameters the parts take (see activityParts). */
export const ACTIVITY_PARAMETERS = 7;

/** An event's values as SQL expressions, one per column of its two writes. */
interface EventExpressions {
  userId: string;
  kind: string;
  xp: string;
  day: string;
  occurredAt: string;
  key: string;
  timeZone: string;
}

/** The two parts over the event's values, whatever carries them (parameters, or one jsonb record). */
function partsOver(guard: string | null, e: EventExpressions): string {
  return `activity_event as (
      insert into user_activity (user_id, kind, xp, day, occurred_at, key)
      select ${e.userId}, ${e.kind}, ${e.xp}, ${e.day}, ${e.occurredAt}, ${e.key}
      ${guard ? `from ${guard}` : ''}
      on conflict (user_id, key) do nothing
      returning user_id, day, xp
    ),
    activity_day as (
      insert into activity_days (user_id, day, time_zone, xp)
      select user_id, day, ${e.timeZone}, xp from activity_event
      on conflict (user_id, day) do update set xp = activity_days.xp + excluded.xp
    )`;
}

/**
 * The event (nothing when its key is already recorded) and its XP added to its day, as common
 * table expressions named `activity_event` and `activity_day`. `guard` names an earlier part that
 * has a row when the caller's own write happened (null: always); `first` is the number of the
 * first of the ACTIVITY_PARAMETERS parameters, given by activityValues.
 */
export function activityParts(guard: string | null, first: number): string {
  const p = (i: number, type: string) => `$${first + i}::${type}`;
  return partsOver(guard, {
    userId: p(0, 'uuid'),
    kind: p(1, 'text'),
    xp: p(2, 'int'),
    day: p(3, 'date'),
    occurredAt: p(4, 'timestamptz'),
    key: p(5, 'text'),
    timeZone: p(6, 'text'),
  });
}

export const activityValues = (event: ActivityEvent): unknown[] => [
  event.userId,
  event.kind,
  event.xp,
  event.day,
  event.occurredAt.toISOString(),
  event.key,
  event.timeZone,
];

/**
 * The same two parts over one parameter: `record`, an SQL expression of type jsonb holding
 * `activityRecord(event)`. For a statement that already carries many values.
 */
export function activityPartsOfRecord(guard: string | null, record: string): string {
  const field = (name: keyof ActivityEvent, type: string) => `(${record} ->> '${name}')::${type}`;
  return partsOver(guard, {
    userId: field('userId', 'uuid'),
    kind: field('kind', 'text'),
    xp: field('xp', 'int'),
    day: field('day', 'date'),
    occurredAt: field('occurredAt', 'timestamptz'),
    key: field('key', 'text'),
    timeZone: field('timeZone', 'text'),
  });
}

/** The event as the jsonb record `activityPartsOfRecord` reads (JSON.stringify writes the time as ISO text). */
export const activityRecord = (event: ActivityEvent): string => JSON.stringify(event);
