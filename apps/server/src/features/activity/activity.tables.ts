import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { ActivityKind, QuickActionId } from '@tp/shared';
import { ownerId } from '../users/users.tables';

/**
 * Per-user activity events: daily logins (sign-ins), quick actions (once a day each) and the real
 * events other features record (Analytics opened, uploads, trades, campaigns). XP, goals,
 * achievements and the analytics series are read from here.
 */
export const userActivity = pgTable(
  'user_activity',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: ownerId(),
    kind: text('kind').$type<ActivityKind>().notNull(),
    /** The quick action, for kind quick_action. */
    action: text('action').$type<QuickActionId>(),
    xp: integer('xp').notNull().default(0),
    /** The calendar day in the user's zone this event counted toward. */
    day: date('day', { mode: 'string' }).notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    /** Records an event once: `quick:<clickId>`, `daily_login:<day>`, `order:<id>`… (null: no dedupe). */
    key: text('key'),
  },
  (t) => [
    index('user_activity_user_idx').on(t.userId, t.occurredAt),
    index('user_activity_user_kind_idx').on(t.userId, t.kind, t.occurredAt),
    index('user_activity_user_day_idx').on(t.userId, t.day),
    uniqueIndex('user_activity_user_key').on(t.userId, t.key),
    // a quick action earns its XP once a day (clicks from before that rule keep their row, at 0 XP)
    uniqueIndex('user_activity_quick_action_once')
      .on(t.userId, t.day, t.action)
      .where(sql`${t.kind} = 'quick_action' and ${t.xp} > 0`),
    check('user_activity_xp_check', sql`${t.xp} >= 0`),
  ],
);

/**
 * One row per user and calendar day (in the user's zone at the time): the day's XP, and the streak
 * as it stood after that day's visit. The day's goals and progress are read from its events.
 */
export const activityDays = pgTable(
  'activity_days',
  {
    userId: ownerId(),
    day: date('day', { mode: 'string' }).notNull(),
    /** The zone the day was counted in (a later move does not rewrite it). */
    timeZone: text('time_zone').notNull(),
    /** The first visit of the day; null while only other events (e.g. a scheduled send) touched it. */
    visitedAt: timestamp('visited_at', { withTimezone: true }),
    /** The streak after this day's visit. */
    streak: integer('streak'),
    xp: integer('xp').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    check('activity_days_streak_check', sql`${t.streak} is null or ${t.streak} >= 1`),
    check('activity_days_xp_check', sql`${t.xp} >= 0`),
  ],
);

/** Badges, stored once earned with the moment the threshold was crossed. */
export const userAchievements = pgTable(
  'user_achievements',
  {
    userId: ownerId(),
    achievementId: text('achievement_id').notNull(),
    earnedAt: timestamp('earned_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.achievementId] })],
);

export type ActivityDayRow = typeof activityDays.$inferSelect;
