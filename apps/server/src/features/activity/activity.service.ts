import { and, desc, eq, inArray, isNotNull, lt, max, min, sql, sum } from 'drizzle-orm';
import {
  canonicalTimeZone,
  ACTIVITY_LABELS,
  ACTIVITY_XP,
  DAILY_GOALS,
  RECENT_EVENTS_SHOWN,
  addProgress,
  goalReachedByProgress,
  goalShare,
  levelForXp,
  progressBand,
  quickActionById,
  type ActivityKind,
  type ActivityResponse,
  type QuickActionId,
  type TimeZoneSource,
} from '@tp/shared';
import { executeText, type DbExecutor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../plugins/errors';
import {
  ACTIVITY_CONTEXT_COLUMNS,
  activityContextOf,
  activityEvent,
  activityParts,
  activityValues,
  type ActivityContextRow,
} from './activity-in-statement';
import { activityDays, userActivity, type ActivityDayRow } from './activity.tables';
import { effectiveDay, nextStreak, type CalendarDay } from './calendar';
import { contentCounts } from './content-counts';

/** Kinds other features record through recordActivity (quick actions and logins are this feature's own). */
export type RecordableKind = Exclude<ActivityKind, 'quick_action' | 'daily_login'>;

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
  const { rows } = await executeText<ActivityContextRow>(db, `select ${ACTIVITY_CONTEXT_COLUMNS('$1::uuid')}`, [
    input.userId,
  ]);
  if (rows[0]?.activity_time_zone == null) throw new Error(`recordActivity: no user ${input.userId}`);
  const event = activityEvent(input, activityContextOf(rows[0]));
  const { rows: written } = await executeText<{ recorded: number }>(
    db,
    `with ${activityParts(null, 1)} select count(*)::int as recorded from activity_event`,
    activityValues(event),
  );
  const recorded = Number(written[0]?.recorded) === 1;
  return { recorded, day: event.day, xp: recorded ? event.xp : 0 };
}

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
 * Records the first visit of the user's day (the Daily Login goal, its XP and the streak) and
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

export interface QuickActionResult {
  replayed: boolean;
  xpAwarded: number;
  progressAdded: number;
}

/**
 * One quick-action click: +10 % progress (at most 100) and the action's XP while it still adds
 * progress. A retried POST with the same click id adds nothing and answers what the first did.
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
    // clicks of one day take turns on the day row, so two at once cannot both read 90 %
    const [today] = await tx.select().from(activityDays).where(dayKey(userId, day)).for('update');
    const key = `quick:${click.clickId}`;
    const [earlier] = await tx
      .select({ action: userActivity.action, xp: userActivity.xp })
      .from(userActivity)
      .where(and(eq(userActivity.userId, userId), eq(userActivity.key, key)));
    if (earlier) {
      if (earlier.action !== click.action) {
        throw new AppError(409, 'This clickId was already used for another action', 'CLICK_ID_REUSED', [
          { field: 'clickId', message: 'was already used for another action' },
        ]);
      }
      // quick actions only earn XP together with their 10 %
      return { replayed: true, xpAwarded: earlier.xp, progressAdded: earlier.xp > 0 ? 10 : 0 };
    }
    const row = today!;
    const progress = addProgress(row.progress);
    const xp = progress > row.progress ? quickActionById(click.action).xp : 0;
    await insertEvent(tx, { userId, kind: 'quick_action', action: click.action, xp, day, occurredAt: now, key });
    await tx
      .update(activityDays)
      .set({
        progress,
        quickActions: row.quickActions + 1,
        xp: row.xp + xp,
        completedAt: row.completedAt ?? (progress >= 100 ? now : null),
      })
      .where(dayKey(userId, day));
    return { replayed: false, xpAwarded: xp, progressAdded: progress - row.progress };
  });
}

/** The dashboard's and sidebar's figures for today (today's visit recorded first). */
export async function getActivity(
  deps: Pick<Deps, 'db'>,
  user: { id: string; timezone: string; timezoneSource: TimeZoneSource },
  now: Date = new Date(),
): Promise<ActivityResponse> {
  const { db } = deps;
  const today = await recordVisit(db, user.id, user.timezone, now);
  const [totals] = await db
    .select({ xp: sum(activityDays.xp).mapWith(Number), longest: max(activityDays.streak) })
    .from(activityDays)
    .where(eq(activityDays.userId, user.id));
  const goalKinds: ActivityKind[] = DAILY_GOALS.map((g) => g.kind);
  const done = await db
    .select({ kind: userActivity.kind, at: min(userActivity.occurredAt) })
    .from(userActivity)
    .where(
      and(eq(userActivity.userId, user.id), eq(userActivity.day, today.day), inArray(userActivity.kind, goalKinds)),
    )
    .groupBy(userActivity.kind);
  const recent = await db
    .select()
    .from(userActivity)
    .where(eq(userActivity.userId, user.id))
    .orderBy(desc(userActivity.occurredAt), desc(userActivity.id))
    .limit(RECENT_EVENTS_SHOWN);
  const counts = await contentCounts(db, user.id);

  const totalXp = totals?.xp ?? 0;
  const streak = today.streak ?? 1;
  const band = progressBand(today.progress);
  return {
    date: today.day,
    timeZone: canonicalTimeZone(user.timezone) ?? user.timezone,
    timeZoneSource: user.timezoneSource,
    streak: { current: streak, longest: Math.max(streak, totals?.longest ?? 0), lastVisitDate: today.day },
    xp: { total: totalXp, today: today.xp },
    level: levelForXp(totalXp),
    progress: {
      percent: today.progress,
      band: { id: band.id, message: band.message },
      quickActions: today.quickActions,
      completedAt: today.completedAt?.toISOString() ?? null,
    },
    goals: DAILY_GOALS.map((goal, index) => {
      const completedAt = done.find((d) => d.kind === goal.kind)?.at ?? null;
      const reachedByProgress = goalReachedByProgress(today.progress, index, DAILY_GOALS.length);
      return {
        id: goal.id,
        label: goal.label,
        // done by its real event, or as spec 01 §4 counts it: once progress reaches its share
        status: completedAt || reachedByProgress ? 'done' : 'pending',
        completedAt: completedAt?.toISOString() ?? null,
        share: goalShare(index, DAILY_GOALS.length),
        reachedByProgress,
      };
    }),
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
