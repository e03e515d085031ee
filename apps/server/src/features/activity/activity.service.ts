import { and, desc, eq, isNotNull, lt, sql } from 'drizzle-orm';
import { ACTIVITY_XP, quickActionById, type ActivityResponse, type QuickActionId } from '@tp/shared';
import { executeStatement, type DbExecutor, type Statement } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../plugins/errors';
import {
  activityContextOf,
  activityContextStatement,
  activityEvent,
  activityParts,
  activityValues,
  type ActivityContextRow,
  type ActivityEvent,
  type RecordableKind,
} from './activity-in-statement';
import type { UserRow } from '../users/users.tables';
import { summarizeActivity } from './activity-summary';
import { activityDays, userActivity, type ActivityDayRow } from './activity.tables';
import { adoptBrowserTimeZone, type UserZone } from './browser-time-zone';
import { readActivityFigures, readActivityFiguresOfSession } from './activity-reads';
import type { AccessClaims } from '../../plugins/auth';
import { effectiveDay, nextStreak, type CalendarDay } from './calendar';

export interface RecordActivityInput {
  userId: string;
  kind: RecordableKind;
  /** Defaults to now. */
  occurredAt?: Date;
  /** Records the event once per key and user (e.g. `order:<id>`): a repeat, or a retried job, adds nothing. */
  key?: string;
  /** Counts at most once per calendar day (the key becomes `<kind>:<day>`). */
  oncePerDay?: boolean;
}

export interface RecordedActivity {
  /** False when the key was already recorded. */
  recorded: boolean;
  day: CalendarDay;
  xp: number;
}

/**
 * The one place features record what a user did, inside their own transaction:
 * `await recordActivity(tx, { userId, kind: 'trade_placed', key: \`order:${order.id}\` })`.
 * It adds the event with its XP to the user's day (in their time zone); goals, achievements and the
 * analytics series follow from it. One read of the user's zone and newest day, then one statement
 * that writes both (a caller booking its work in a single statement of its own carries the same
 * parts in it: activity-in-statement.ts).
 */
export async function recordActivity(db: DbExecutor, input: RecordActivityInput): Promise<RecordedActivity> {
  const [context] = await executeStatement<ActivityContextRow>(db, activityContextStatement({ userId: input.userId }));
  if (context?.activity_time_zone == null) throw new Error(`recordActivity: no user ${input.userId}`);
  const event = activityEvent(input, activityContextOf(context));
  const [written] = await executeStatement<{ recorded: number }>(db, recordEventStatement(event));
  const recorded = Number(written?.recorded) === 1;
  return { recorded, day: event.day, xp: recorded ? event.xp : 0 };
}

/** The event and its XP on its day (activityParts), answering 1 when recorded, 0 when its key already was. */
const recordEventStatement = (event: ActivityEvent): Statement => ({
  text: `with ${activityParts(null, 1)} select count(*)::int as recorded from activity_event`,
  values: activityValues(event),
});

async function latestDay(db: DbExecutor, userId: string): Promise<ActivityDayRow | null> {
  const [row] = await db
    .select()
    .from(activityDays)
    .where(eq(activityDays.userId, userId))
    .orderBy(desc(activityDays.day))
    .limit(1);
  return row ?? null;
}

/** Inserts an event unless its key is already recorded; true when it was inserted. */
async function insertEvent(db: DbExecutor, event: typeof userActivity.$inferInsert): Promise<boolean> {
  const inserted = await db
    .insert(userActivity)
    .values(event)
    .onConflictDoNothing({ target: [userActivity.userId, userActivity.key] })
    .returning({ id: userActivity.id });
  return inserted.length > 0;
}

const dayKey = (userId: string, day: CalendarDay) => and(eq(activityDays.userId, userId), eq(activityDays.day, day));

/**
 * Records that the user is signed in on their day — a sign-in, or the first signed-in visit of the
 * day on a session kept from an earlier one (the Daily Login goal, its XP and the streak) — and
 * returns today's row. Later calls the same day cost one indexed read and write nothing.
 */
export async function recordVisit(
  db: DbExecutor,
  userId: string,
  timeZone: string,
  now: Date = new Date(),
): Promise<ActivityDayRow> {
  const latest = await latestDay(db, userId);
  const day = effectiveDay(now, timeZone, latest);
  if (latest?.day === day && latest.visitedAt) return latest;
  return db.transaction(async (tx) => {
    const xp = ACTIVITY_XP.daily_login;
    const key = `daily_login:${day}`;
    if (await insertEvent(tx, { userId, kind: 'daily_login', xp, day, occurredAt: now, key })) {
      const [previous] = await tx
        .select({ day: activityDays.day, timeZone: activityDays.timeZone, streak: activityDays.streak })
        .from(activityDays)
        .where(and(eq(activityDays.userId, userId), lt(activityDays.day, day), isNotNull(activityDays.visitedAt)))
        .orderBy(desc(activityDays.day))
        .limit(1);
      const streak = nextStreak(previous ? { ...previous, streak: previous.streak ?? 1 } : null, day, now);
      await tx
        .insert(activityDays)
        .values({ userId, day, timeZone, visitedAt: now, streak, xp })
        .onConflictDoUpdate({
          target: [activityDays.userId, activityDays.day],
          set: {
            visitedAt: sql`coalesce(${activityDays.visitedAt}, excluded.visited_at)`,
            streak: sql`coalesce(${activityDays.streak}, excluded.streak)`,
            xp: sql`${activityDays.xp} + excluded.xp`,
          },
        });
    }
    const [row] = await tx.select().from(activityDays).where(dayKey(userId, day));
    return row!;
  });
}

/**
 * A sign-in (magic link, hand-off, password), inside its transaction: the browser's zone, when it
 * sent one and the user has none yet, becomes the user's first, so the sign-in counts on the
 * user's own day; then the day's Daily Login is recorded.
 */
export async function recordSignIn(
  db: DbExecutor,
  user: UserRow,
  reportedZone: unknown,
  now: Date = new Date(),
): Promise<void> {
  const { timezone } = await adoptBrowserTimeZone(db, user, reportedZone);
  await recordVisit(db, user.id, timezone, now);
}

export interface QuickActionResult {
  replayed: boolean;
  xpAwarded: number;
}

/** What an earlier request with this click id recorded, if one did (409 when it was another action). */
async function earlierClick(
  db: DbExecutor,
  userId: string,
  key: string,
  action: QuickActionId,
): Promise<QuickActionResult | null> {
  const [earlier] = await db
    .select({ action: userActivity.action, xp: userActivity.xp })
    .from(userActivity)
    .where(and(eq(userActivity.userId, userId), eq(userActivity.key, key)));
  if (!earlier) return null;
  if (earlier.action !== action) {
    throw new AppError(409, 'This clickId was already used for another action', 'CLICK_ID_REUSED', [
      { field: 'clickId', message: 'was already used for another action' },
    ]);
  }
  return { replayed: true, xpAwarded: earlier.xp };
}

/**
 * One quick-action click: the action's XP the first time it is clicked on the user's day, nothing
 * after that (no event either). It ticks no goal and moves no progress. A retried POST with the
 * same click id adds nothing and answers what the first did.
 */
export async function performQuickAction(
  deps: Pick<Deps, 'db'>,
  userId: string,
  timeZone: string,
  click: { action: QuickActionId; clickId: string },
  now: Date = new Date(),
): Promise<QuickActionResult> {
  return deps.db.transaction(async (tx) => {
    const { day } = await recordVisit(tx, userId, timeZone, now);
    const key = `quick:${click.clickId}`;
    const earlier = await earlierClick(tx, userId, key, click.action);
    if (earlier) return earlier;
    const xp = quickActionById(click.action).xp;
    // user_activity_quick_action_once: one rewarded click per user, day and action, even at once
    const inserted = await tx
      .insert(userActivity)
      .values({ userId, kind: 'quick_action', action: click.action, xp, day, occurredAt: now, key })
      .onConflictDoNothing()
      .returning({ id: userActivity.id });
    if (inserted.length === 0) {
      // this action already counted today, or the same click was retried at the same moment
      return (await earlierClick(tx, userId, key, click.action)) ?? { replayed: false, xpAwarded: 0 };
    }
    await tx
      .update(activityDays)
      .set({ xp: sql`${activityDays.xp} + ${xp}` })
      .where(dayKey(userId, day));
    return { replayed: false, xpAwarded: xp };
  });
}

/** The dashboard's and sidebar's figures for today (today's visit recorded first). */
export async function getActivity(
  deps: Pick<Deps, 'db' | 'connection'>,
  user: UserZone,
  now: Date = new Date(),
): Promise<ActivityResponse> {
  const today = await recordVisit(deps.db, user.id, user.timezone, now);
  const figures = await readActivityFigures(deps.connection, user.id);
  return summarizeActivity({ ...figures, user }, today);
}

/**
 * GET /api/me/activity on a route that proves the session in its statement (decision 0027): one
 * statement reads the session, the user's zone and every figure; when the newest day is today and
 * already visited, as on every call but the day's first, that is the answer. Otherwise the
 * browser's zone is adopted, the visit recorded and the figures read again (getActivity).
 */
export async function getActivityOfSession(
  deps: Pick<Deps, 'db' | 'connection'>,
  session: AccessClaims,
  reportedZone: unknown,
  now: Date = new Date(),
): Promise<ActivityResponse> {
  const figures = await readActivityFiguresOfSession(deps.connection, session);
  const zone = await adoptBrowserTimeZone(deps.db, figures.user, reportedZone);
  const { latest } = figures;
  const sameZone = zone.timezone === figures.user.timezone && zone.timezoneSource === figures.user.timezoneSource;
  if (sameZone && latest?.visitedAt && effectiveDay(now, zone.timezone, latest) === latest.day) {
    return summarizeActivity(figures, latest);
  }
  return getActivity(deps, zone, now);
}
