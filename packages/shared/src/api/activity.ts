import { z } from 'zod';
import { DASHBOARD } from '../constants';
import { calendarDateSchema, timeZoneSourceSchema } from './time-zone';
import { text } from './text';

/**
 * Activity, streaks, XP, goals and achievements (docs/product/dashboard.md#activity-api): GET/POST /api/me/activity,
 * GET /api/me/achievements, GET /api/me/analytics. The server keeps them; the browser only caches.
 */

export const DASHBOARD_SECTIONS = ['overview', 'content', 'testing', 'trading', 'analytics', 'achievements'] as const;
export const dashboardSectionSchema = z.enum(DASHBOARD_SECTIONS);
export type DashboardSection = z.infer<typeof dashboardSectionSchema>;

/**
 * The six quick actions (docs/product/dashboard.md#quick-actions) with their XP, and the widget
 * section each one opens.
 */
export const QUICK_ACTIONS = [
  { id: 'upload-content', label: 'Upload Content', xp: 10, section: 'content' },
  { id: 'test-enhanced-components', label: 'Test Enhanced Components', xp: 15, section: 'testing' },
  { id: 'enhanced-trading', label: 'Enhanced Trading', xp: 20, section: 'trading' },
  { id: 'view-analytics', label: 'View Analytics', xp: 5, section: 'analytics' },
  { id: 'daily-summary', label: 'Daily Summary', xp: 3, section: 'overview' },
  { id: 'view-achievements', label: 'View Achievements', xp: 2, section: 'achievements' },
] as const satisfies ReadonlyArray<{ id: string; label: string; xp: number; section: DashboardSection }>;
export type QuickActionId = (typeof QUICK_ACTIONS)[number]['id'];
export const quickActionIdSchema = z.enum(QUICK_ACTIONS.map((a) => a.id) as [QuickActionId, ...QuickActionId[]]);
export const quickActionById = (id: QuickActionId) => QUICK_ACTIONS.find((a) => a.id === id)!;
/** "+10 XP" */
export const xpLabel = (xp: number) => `+${xp} XP`;

export const DASHBOARD_TEXTS = {
  sectionChanged: 'Section Changed',
  dailyGoalsComplete: 'Daily Goals Complete!',
} as const;

/**
 * What gets recorded. A quick action earns its own XP once a day (a later click of it that day
 * records nothing); the real events earn the XP below. Every kind is recorded at most once per key
 * (see recordActivity on the server).
 */
export const ACTIVITY_KINDS = [
  'daily_login',
  'quick_action',
  'analytics_viewed',
  'file_uploaded',
  'trade_placed',
  'campaign_sent',
] as const;
export const activityKindSchema = z.enum(ACTIVITY_KINDS);
export type ActivityKind = z.infer<typeof activityKindSchema>;

export const ACTIVITY_XP: Record<Exclude<ActivityKind, 'quick_action'>, number> = {
  daily_login: 5,
  analytics_viewed: 5,
  file_uploaded: 10,
  trade_placed: 20,
  campaign_sent: 25,
};

export const ACTIVITY_LABELS: Record<ActivityKind, string> = {
  daily_login: 'Signed in for the day',
  quick_action: 'Quick action',
  analytics_viewed: 'Viewed analytics',
  file_uploaded: 'Uploaded a file',
  trade_placed: 'Placed a trade',
  campaign_sent: 'Sent an e-mail campaign',
};

/**
 * Today's goals (the sidebar's three), each done by the real event of its kind on the user's day:
 * signed in, opened Analytics, uploaded a file. A quick action ticks none of them.
 */
export const DAILY_GOALS = [
  { id: 'daily-login', label: 'Daily Login', kind: 'daily_login' },
  { id: 'check-analytics', label: 'Check Analytics', kind: 'analytics_viewed' },
  { id: 'upload-content', label: 'Upload Content', kind: 'file_uploaded' },
] as const satisfies ReadonlyArray<{ id: string; label: string; kind: ActivityKind }>;
export type DailyGoalId = (typeof DAILY_GOALS)[number]['id'];

/** The progress message bands (docs/product/dashboard.md#progress-bands). */
export const PROGRESS_BANDS = [
  { id: 'complete', min: 100, message: 'All goals done!' },
  { id: 'almost-there', min: 75, message: 'Almost there!' },
  { id: 'halfway', min: 50, message: 'Halfway there!' },
  { id: 'good-start', min: 25, message: 'Good start!' },
  { id: 'ready-to-start', min: 0, message: 'Ready to start!' },
] as const;
export type ProgressBand = (typeof PROGRESS_BANDS)[number];
export function progressBand(percent: number): ProgressBand {
  return PROGRESS_BANDS.find((band) => percent >= band.min) ?? PROGRESS_BANDS[PROGRESS_BANDS.length - 1]!;
}

/** Today's progress: the share of today's goals really done, in whole percent (1 of 3 is 33). */
export const progressOfGoals = (done: number, total: number = DAILY_GOALS.length) =>
  total === 0 ? 0 : Math.round((Math.min(done, total) * DASHBOARD.maxProgress) / total);

/**
 * The level curve: level L starts at 50·L·(L−1) XP — 0, 100, 300, 600, 1000, 1500… — so each level
 * needs 100 XP more than the one before.
 */
export const xpForLevel = (level: number) => 50 * level * (level - 1);
export function levelForXp(xp: number) {
  let level = Math.max(1, Math.floor((1 + Math.sqrt(1 + (4 * Math.max(0, xp)) / 50)) / 2));
  // guard the floating-point square root at exact boundaries
  while (xpForLevel(level + 1) <= xp) level += 1;
  while (level > 1 && xpForLevel(level) > xp) level -= 1;
  const levelStartXp = xpForLevel(level);
  const nextLevelXp = xpForLevel(level + 1);
  return {
    level,
    levelStartXp,
    nextLevelXp,
    progressPercent: Math.floor(((xp - levelStartXp) * 100) / (nextLevelXp - levelStartXp)),
  };
}

// ---- answers ----

const isoTimestamp = text().max(40);
const count = z.number().int().min(0);

export const levelSchema = z.object({
  level: z.number().int().min(1),
  levelStartXp: count,
  nextLevelXp: count,
  /** 0–99: how far into the current level. */
  progressPercent: z.number().int().min(0).max(100),
});

export const goalSchema = z.object({
  id: z.enum(DAILY_GOALS.map((g) => g.id) as [DailyGoalId, ...DailyGoalId[]]),
  label: text().max(80),
  /** Done when the user really did it today in their zone (signed in, opened Analytics, uploaded a file). */
  status: z.enum(['done', 'pending']),
  /** When it was first done today. */
  completedAt: isoTimestamp.nullable(),
});
export type Goal = z.infer<typeof goalSchema>;

export const activityEventSchema = z.object({
  id: text().max(40),
  kind: activityKindSchema,
  /** The quick action, for kind quick_action. */
  action: quickActionIdSchema.nullable(),
  label: text().max(120),
  xp: count,
  occurredAt: isoTimestamp,
  /** The calendar day (in the user's zone) it counted toward. */
  day: calendarDateSchema,
});
export type ActivityEvent = z.infer<typeof activityEventSchema>;

export const RECENT_EVENTS_SHOWN = 10;

/** GET /api/me/activity */
export const activityResponseSchema = z.object({
  /** Today in the user's zone (see docs/decisions/0020 for what a time-zone move does). */
  date: calendarDateSchema,
  timeZone: text().max(64),
  timeZoneSource: timeZoneSourceSchema,
  streak: z.object({
    current: count,
    longest: count,
    lastVisitDate: calendarDateSchema.nullable(),
  }),
  xp: z.object({ total: count, today: count }),
  level: levelSchema,
  progress: z.object({
    /** The share of today's goals done (progressOfGoals of goalsDone and goalsTotal). */
    percent: z.number().int().min(0).max(100),
    goalsDone: count,
    goalsTotal: count,
    band: z.object({ id: text().max(40), message: text().max(120) }),
    /** When the last of today's goals was done: progress reached 100 % (the "Daily Goals Complete!" moment). */
    completedAt: isoTimestamp.nullable(),
  }),
  goals: z.array(goalSchema).max(10),
  /** The quick actions whose XP counted today: each earns it once a day. */
  quickActionsEarned: z.array(quickActionIdSchema).max(QUICK_ACTIONS.length),
  /** Whether the user has ever opened Analytics (the sidebar's "New" badge shows until then). */
  analyticsOpened: z.boolean(),
  /** The sidebar's three stats. */
  counts: z.object({ files: count, views: count, streak: count }),
  recent: z.array(activityEventSchema).max(RECENT_EVENTS_SHOWN),
});
export type ActivityResponse = z.infer<typeof activityResponseSchema>;

/**
 * POST /api/me/activity: one quick-action click. Its XP counts once a day; it moves no goal and no
 * progress. A retried POST with the same clickId answers what the first did.
 */
export const quickActionRequestSchema = z
  .object({
    action: quickActionIdSchema,
    clickId: text()
      .min(8, 'must be at least 8 characters')
      .max(64)
      .regex(/^[A-Za-z0-9_-]+$/, 'may contain letters, digits, _ and -'),
  })
  .strict();

// ---- achievements ----

export const ACHIEVEMENT_METRICS = [
  'visits',
  'trades',
  'uploads',
  'campaigns',
  'analyticsViews',
  'longestStreak',
  'xp',
  'level',
  'completedDays',
] as const;
export type AchievementMetric = (typeof ACHIEVEMENT_METRICS)[number];

export const ACHIEVEMENT_CATEGORIES = [
  'getting-started',
  'trading',
  'content',
  'campaigns',
  'streaks',
  'experience',
] as const;

/** Badges earned from real activity; the order is the display order. */
export const ACHIEVEMENTS = [
  {
    id: 'first-visit',
    title: 'First Steps',
    description: 'Sign in for the first time',
    category: 'getting-started',
    metric: 'visits',
    target: 1,
  },
  {
    id: 'goal-getter',
    title: 'Goal Getter',
    description: "Do all of a day's goals: sign in, open Analytics and upload a file",
    category: 'getting-started',
    metric: 'completedDays',
    target: 1,
  },
  {
    id: 'analyst',
    title: 'Analyst',
    description: 'Check your analytics on 5 different days',
    category: 'getting-started',
    metric: 'analyticsViews',
    target: 5,
  },
  {
    id: 'first-trade',
    title: 'First Trade',
    description: 'Place your first paper order (a rejected one does not count)',
    category: 'trading',
    metric: 'trades',
    target: 1,
  },
  {
    id: 'active-trader',
    title: 'Active Trader',
    description: 'Place 25 paper orders (rejected ones do not count)',
    category: 'trading',
    metric: 'trades',
    target: 25,
  },
  {
    id: 'first-upload',
    title: 'First Upload',
    description: 'Upload your first file to the content hub',
    category: 'content',
    metric: 'uploads',
    target: 1,
  },
  {
    id: 'librarian',
    title: 'Librarian',
    description: 'Upload 10 files',
    category: 'content',
    metric: 'uploads',
    target: 10,
  },
  {
    id: 'first-campaign',
    title: 'First Campaign',
    description: 'Send your first e-mail campaign',
    category: 'campaigns',
    metric: 'campaigns',
    target: 1,
  },
  {
    id: 'streak-7',
    title: 'Week Streak',
    description: 'Visit 7 days in a row',
    category: 'streaks',
    metric: 'longestStreak',
    target: 7,
  },
  {
    id: 'streak-30',
    title: 'Month Streak',
    description: 'Visit 30 days in a row',
    category: 'streaks',
    metric: 'longestStreak',
    target: 30,
  },
  { id: 'xp-100', title: 'Century', description: 'Earn 100 XP', category: 'experience', metric: 'xp', target: 100 },
  {
    id: 'xp-1000',
    title: 'Thousand Club',
    description: 'Earn 1,000 XP',
    category: 'experience',
    metric: 'xp',
    target: 1000,
  },
  { id: 'level-5', title: 'Level 5', description: 'Reach level 5', category: 'experience', metric: 'level', target: 5 },
  {
    id: 'level-10',
    title: 'Level 10',
    description: 'Reach level 10',
    category: 'experience',
    metric: 'level',
    target: 10,
  },
] as const satisfies ReadonlyArray<{
  id: string;
  title: string;
  description: string;
  category: (typeof ACHIEVEMENT_CATEGORIES)[number];
  metric: AchievementMetric;
  target: number;
}>;

export const achievementSchema = z.object({
  id: text().max(40),
  title: text().max(80),
  description: text().max(200),
  category: z.enum(ACHIEVEMENT_CATEGORIES),
  target: count,
  /** Progress toward the target, capped at it. */
  current: count,
  progressPercent: z.number().int().min(0).max(100),
  earned: z.boolean(),
  earnedAt: isoTimestamp.nullable(),
});
export type Achievement = z.infer<typeof achievementSchema>;

/** GET /api/me/achievements */
export const achievementsResponseSchema = z.object({
  achievements: z.array(achievementSchema).max(100),
  earned: count,
  total: count,
  /** The locked badge closest to being earned, if any is left. */
  next: achievementSchema.nullable(),
});
export type AchievementsResponse = z.infer<typeof achievementsResponseSchema>;

/** POST /api/me/activity answer. */
export const quickActionResponseSchema = z.object({
  /** True when this clickId was already recorded: nothing was added again. */
  replayed: z.boolean(),
  action: quickActionIdSchema,
  section: dashboardSectionSchema,
  /** The action's XP, or 0 when it already counted today. */
  xpAwarded: count,
  activity: activityResponseSchema,
  /** Badges this click (or anything since the last look) earned. */
  newAchievements: z.array(achievementSchema).max(100),
});

// ---- analytics read model ----

export const ANALYTICS_MAX_DAYS = 366;
export const ANALYTICS_DEFAULT_DAYS = 30;

/** GET /api/me/analytics?start&end — calendar dates in the user's zone, both included. */
export const analyticsQuerySchema = z
  .object({ start: calendarDateSchema.optional(), end: calendarDateSchema.optional() })
  .superRefine((query, ctx) => {
    if (query.start && query.end) {
      if (query.start > query.end) {
        ctx.addIssue({ code: 'custom', path: ['start'], message: 'start must not be after end' });
      } else if (Date.parse(query.end) - Date.parse(query.start) >= ANALYTICS_MAX_DAYS * 86_400_000) {
        ctx.addIssue({
          code: 'custom',
          path: ['start'],
          message: `the range may span at most ${ANALYTICS_MAX_DAYS} days`,
        });
      }
    }
  });

export const seriesSchema = z.object({
  /** False when the feature that owns these figures is not installed; points is then empty. */
  available: z.boolean(),
  note: text().max(300).nullable(),
  /** One point per day of the range, zeros included. */
  points: z.array(z.object({ date: calendarDateSchema, value: count })).max(ANALYTICS_MAX_DAYS),
  total: count,
});
export type Series = z.infer<typeof seriesSchema>;

export const analyticsResponseSchema = z.object({
  start: calendarDateSchema,
  end: calendarDateSchema,
  timeZone: text().max(64),
  content: z.object({ uploads: seriesSchema, views: seriesSchema }),
  campaigns: z.object({ sends: seriesSchema, opens: seriesSchema, clicks: seriesSchema }),
  activity: z.object({ xp: seriesSchema, trades: seriesSchema }),
  /** The trading figures are the trading feature's: fetch these with the same start and end. */
  trading: z.object({ performance: text().max(200), risk: text().max(200) }),
});
export type AnalyticsResponse = z.infer<typeof analyticsResponseSchema>;
