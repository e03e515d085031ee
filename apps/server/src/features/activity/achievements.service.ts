import { and, asc, count, eq, gte, max, min, sql, sum } from 'drizzle-orm';
import {
  ACHIEVEMENTS,
  DAILY_GOALS,
  levelForXp,
  xpForLevel,
  type Achievement,
  type AchievementMetric,
  type AchievementsResponse,
  type ActivityKind,
} from '@tp/shared';
import { executeStatement, type DbExecutor, type Statement } from '../../db/client';
import type { Deps } from '../../deps';
import { activityDays, userAchievements, userActivity } from './activity.tables';

type AchievementDefinition = (typeof ACHIEVEMENTS)[number];

const COUNTED_KINDS: Partial<Record<AchievementMetric, ActivityKind>> = {
  visits: 'daily_login',
  trades: 'trade_placed',
  uploads: 'file_uploaded',
  campaigns: 'campaign_sent',
  analyticsViews: 'analytics_viewed',
};

// the kinds are the contract's constants, not input
const GOAL_KINDS = DAILY_GOALS.map((goal) => `'${goal.kind}'`).join(', ');

/**
 * The user's days on which every goal was really done (signed in, opened Analytics, uploaded a
 * file), each as the moment its last goal was: oldest first.
 */
const completedDaysStatement = (args: { userId: string }): Statement => ({
  text: `select max(first_at) as completed_at from (
       select day, kind, min(occurred_at) as first_at from user_activity
       where user_id = $1::uuid and kind in (${GOAL_KINDS}) group by day, kind
     ) as goals_done group by day having count(*) = ${DAILY_GOALS.length} order by completed_at`,
  values: [args.userId],
});

async function completedDays(db: DbExecutor, userId: string): Promise<Date[]> {
  const rows = await executeStatement<{ completed_at: Date | string }>(db, completedDaysStatement({ userId }));
  return rows.map((row) => new Date(row.completed_at));
}

interface Metrics {
  values: Record<AchievementMetric, number>;
  completedDays: Date[];
}

async function metrics(db: DbExecutor, userId: string): Promise<Metrics> {
  const kinds = await db
    .select({ kind: userActivity.kind, n: count() })
    .from(userActivity)
    .where(eq(userActivity.userId, userId))
    .groupBy(userActivity.kind);
  const [days] = await db
    .select({ xp: sum(activityDays.xp).mapWith(Number), longest: max(activityDays.streak) })
    .from(activityDays)
    .where(eq(activityDays.userId, userId));
  const completed = await completedDays(db, userId);
  const of = (kind: ActivityKind) => kinds.find((k) => k.kind === kind)?.n ?? 0;
  const xp = days?.xp ?? 0;
  return {
    values: {
      visits: of('daily_login'),
      trades: of('trade_placed'),
      uploads: of('file_uploaded'),
      campaigns: of('campaign_sent'),
      analyticsViews: of('analytics_viewed'),
      longestStreak: days?.longest ?? 0,
      xp,
      level: levelForXp(xp).level,
      completedDays: completed.length,
    },
    completedDays: completed,
  };
}

/** When the threshold was crossed, read from the events (so a badge noticed late still carries the right date). */
async function crossedAt(
  db: DbExecutor,
  userId: string,
  definition: AchievementDefinition,
  known: Metrics,
): Promise<Date | null> {
  const { metric, target } = definition;
  const kind = COUNTED_KINDS[metric];
  if (kind) {
    const [nth] = await db
      .select({ at: userActivity.occurredAt })
      .from(userActivity)
      .where(and(eq(userActivity.userId, userId), eq(userActivity.kind, kind)))
      .orderBy(asc(userActivity.occurredAt), asc(userActivity.id))
      .offset(target - 1)
      .limit(1);
    return nth?.at ?? null;
  }
  if (metric === 'longestStreak') {
    const [first] = await db
      .select({ at: min(activityDays.visitedAt) })
      .from(activityDays)
      .where(and(eq(activityDays.userId, userId), gte(activityDays.streak, target)));
    return first?.at ?? null;
  }
  if (metric === 'completedDays') return known.completedDays[target - 1] ?? null;
  // xp and level: the event that took the running total over the threshold
  const threshold = metric === 'xp' ? target : xpForLevel(target);
  const running = db
    .select({
      at: userActivity.occurredAt,
      id: userActivity.id,
      total: sql<number>`sum(${userActivity.xp}) over (order by ${userActivity.occurredAt}, ${userActivity.id})`.as(
        'total',
      ),
    })
    .from(userActivity)
    .where(eq(userActivity.userId, userId))
    .as('running');
  const [crossing] = await db
    .select({ at: running.at })
    .from(running)
    .where(gte(running.total, threshold))
    .orderBy(asc(running.at), asc(running.id))
    .limit(1);
  return crossing?.at ?? null;
}

export interface EvaluatedAchievements extends AchievementsResponse {
  /** Earned by this evaluation (not stored before it). */
  newlyEarned: Achievement[];
}

/** Every badge with its progress; badges newly reached are stored with the moment they were earned. */
export async function evaluateAchievements(
  deps: Pick<Deps, 'db'>,
  userId: string,
  now: Date = new Date(),
): Promise<EvaluatedAchievements> {
  const { db } = deps;
  const known = await metrics(db, userId);
  const { values } = known;
  const stored = await db
    .select({ id: userAchievements.achievementId, earnedAt: userAchievements.earnedAt })
    .from(userAchievements)
    .where(eq(userAchievements.userId, userId));
  const earnedAt = new Map(stored.map((s) => [s.id, s.earnedAt]));
  const newlyEarnedIds = new Set<string>();

  for (const definition of ACHIEVEMENTS) {
    if (earnedAt.has(definition.id) || values[definition.metric] < definition.target) continue;
    const at = (await crossedAt(db, userId, definition, known)) ?? now;
    const inserted = await db
      .insert(userAchievements)
      .values({ userId, achievementId: definition.id, earnedAt: at })
      .onConflictDoNothing()
      .returning({ earnedAt: userAchievements.earnedAt });
    // a concurrent evaluation may have stored it first: either way it is earned, once
    earnedAt.set(definition.id, inserted[0]?.earnedAt ?? at);
    if (inserted.length > 0) newlyEarnedIds.add(definition.id);
  }

  const achievements: Achievement[] = ACHIEVEMENTS.map((definition) => {
    const current = Math.min(values[definition.metric], definition.target);
    const at = earnedAt.get(definition.id) ?? null;
    return {
      id: definition.id,
      title: definition.title,
      description: definition.description,
      category: definition.category,
      target: definition.target,
      current,
      progressPercent: Math.floor((current * 100) / definition.target),
      earned: at !== null,
      earnedAt: at?.toISOString() ?? null,
    };
  });
  const locked = achievements.filter((a) => !a.earned);
  const next = locked.reduce<Achievement | null>(
    (best, a) => (best === null || a.progressPercent > best.progressPercent ? a : best),
    null,
  );
  return {
    achievements,
    earned: achievements.length - locked.length,
    total: achievements.length,
    next,
    newlyEarned: achievements.filter((a) => newlyEarnedIds.has(a.id)),
  };
}
