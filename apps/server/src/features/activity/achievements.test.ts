import { describe, expect, it } from 'vitest';
import { achievementsResponseSchema, analyticsResponseSchema, activityResponseSchema } from '@tp/shared';
import { signedInClient, useSignedInTestApp } from '../../test/kit';
import { campaignRecipients, campaigns } from '../campaigns/campaigns.tables';
import { uploaded } from '../content/content-test-kit';
import { users } from '../users/users.tables';
import { eq } from 'drizzle-orm';
import { userActivity } from './activity.tables';
import { recordActivity, recordVisit } from './activity.service';
import { addDays, localDay } from './calendar';

const DAY_MS = 86_400_000;

describe('achievements: GET /api/me/achievements', () => {
  const t = useSignedInTestApp();

  const achievements = async (client = t.client) => {
    const res = await client.get('/api/me/achievements');
    expect(res.statusCode, res.body).toBe(200);
    return achievementsResponseSchema.parse(res.json());
  };
  const badge = (answer: Awaited<ReturnType<typeof achievements>>, id: string) =>
    answer.achievements.find((a) => a.id === id)!;

  it('refuses a caller without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/achievements' })).statusCode).toBe(401);
  });

  it('lists every badge locked, with progress, before anything happened', async () => {
    const answer = await achievements();
    expect(answer.earned).toBe(0);
    expect(answer.total).toBe(answer.achievements.length);
    expect(answer.achievements.every((a) => !a.earned && a.earnedAt === null)).toBe(true);
    expect(badge(answer, 'streak-7')).toMatchObject({
      title: 'Week Streak',
      current: 0,
      target: 7,
      progressPercent: 0,
    });
  });

  it('earns badges from real events, dated when the threshold was crossed, and stores them', async () => {
    const tradedAt = new Date(Date.now() - 3 * 60_000);
    await recordActivity(t.app.deps.db, {
      userId: t.client.user.id,
      kind: 'trade_placed',
      key: 'order:1',
      occurredAt: tradedAt,
    });
    for (let i = 1; i <= 3; i += 1) {
      await recordActivity(t.app.deps.db, { userId: t.client.user.id, kind: 'file_uploaded', key: `file:${i}` });
    }
    const answer = await achievements();
    expect(badge(answer, 'first-trade')).toMatchObject({ earned: true, earnedAt: tradedAt.toISOString() });
    expect(badge(answer, 'first-upload').earned).toBe(true);
    expect(badge(answer, 'librarian')).toMatchObject({ earned: false, current: 3, target: 10, progressPercent: 30 });
    expect(badge(answer, 'first-campaign').earned).toBe(false);
    expect(answer.earned).toBe(2);

    // stored: asking again keeps the same date
    const again = await achievements();
    expect(badge(again, 'first-trade').earnedAt).toBe(tradedAt.toISOString());
  });

  it('earns the 7-day streak on the seventh consecutive visit, and dates XP milestones by the event that crossed them', async () => {
    const start = Date.now() - 6 * DAY_MS;
    const visits = Array.from({ length: 7 }, (_, i) => new Date(start + i * DAY_MS));
    for (const visit of visits) await recordVisit(t.app.deps.db, t.client.user.id, 'UTC', visit);
    // 7 logins × 5 XP = 35; then 4 trades × 20 XP: the fourth takes the total to 115
    const trades = Array.from({ length: 4 }, (_, i) => new Date(Date.now() - (4 - i) * 1000));
    for (const [i, at] of trades.entries()) {
      await recordActivity(t.app.deps.db, {
        userId: t.client.user.id,
        kind: 'trade_placed',
        key: `order:${i}`,
        occurredAt: at,
      });
    }
    const answer = await achievements();
    expect(badge(answer, 'streak-7')).toMatchObject({ earned: true, current: 7, earnedAt: visits[6]!.toISOString() });
    expect(badge(answer, 'streak-30')).toMatchObject({ earned: false, current: 7, progressPercent: 23 });
    expect(badge(answer, 'xp-100')).toMatchObject({ earned: true, earnedAt: trades[3]!.toISOString() });
    expect(badge(answer, 'level-5')).toMatchObject({ earned: false, current: 2, target: 5 });
    expect(badge(answer, 'first-visit').earnedAt).toBe(visits[0]!.toISOString());
  });

  it('earns no badge by quick-action clicks: First Upload and Goal Getter only by the real events', async () => {
    await t.client.get('/api/me/activity');
    for (let i = 0; i < 12; i += 1) {
      const action = ['upload-content', 'view-analytics', 'enhanced-trading'][i % 3];
      const res = await t.client.post('/api/me/activity', { action, clickId: `goal-click-${i}` });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().newAchievements.map((a: { id: string }) => a.id)).not.toContain('goal-getter');
    }
    const clicked = await achievements();
    for (const id of ['first-upload', 'goal-getter', 'analyst', 'xp-100'])
      expect(badge(clicked, id).earned, id).toBe(false);
    expect(badge(clicked, 'first-visit').earned).toBe(true);

    // the day's three real goals: signed in (above), Analytics opened, a file uploaded
    await t.client.get('/api/me/analytics');
    expect(badge(await achievements(), 'goal-getter').earned).toBe(false);
    const { file } = await uploaded(t.client, {
      fileName: 'price-list.txt',
      content: Buffer.from('Price list'),
      contentType: 'text/plain',
    });
    const [uploadEvent] = await t.app.deps.db
      .select()
      .from(userActivity)
      .where(eq(userActivity.key, `file:${file.id}`));
    const answer = await achievements();
    expect(badge(answer, 'first-upload')).toMatchObject({
      earned: true,
      earnedAt: uploadEvent!.occurredAt.toISOString(),
    });
    expect(badge(answer, 'goal-getter')).toMatchObject({
      earned: true,
      earnedAt: uploadEvent!.occurredAt.toISOString(),
    });
  });

  it("does not show one user's badges to another", async () => {
    await recordActivity(t.app.deps.db, { userId: t.client.user.id, kind: 'campaign_sent', key: 'campaign:1' });
    expect(badge(await achievements(), 'first-campaign').earned).toBe(true);
    const bob = await signedInClient(t.app);
    expect(badge(await achievements(bob), 'first-campaign').earned).toBe(false);
  });
});

describe('analytics: GET /api/me/analytics', () => {
  const t = useSignedInTestApp();

  it('answers 30 zero-filled days ending today, and completes the Check Analytics goal once a day', async () => {
    const today = localDay(new Date(), 'UTC');
    await recordActivity(t.app.deps.db, { userId: t.client.user.id, kind: 'file_uploaded', key: 'file:1' });
    await recordActivity(t.app.deps.db, {
      userId: t.client.user.id,
      kind: 'campaign_sent',
      key: 'campaign:1',
      occurredAt: new Date(Date.now() - 2 * DAY_MS),
    });
    const res = await t.client.get('/api/me/analytics');
    expect(res.statusCode, res.body).toBe(200);
    const answer = analyticsResponseSchema.parse(res.json());
    expect(answer).toMatchObject({ start: addDays(today, -29), end: today, timeZone: 'UTC' });
    expect(answer.content.uploads.points).toHaveLength(30);
    expect(answer.content.uploads.points.at(-1)).toEqual({ date: today, value: 1 });
    expect(answer.content.uploads.total).toBe(1);
    expect(answer.campaigns.sends.points.find((p) => p.date === addDays(today, -2))?.value).toBe(1);
    expect(answer.content.views).toMatchObject({ available: true, note: null, total: 0 });
    expect(answer.content.views.points).toHaveLength(30);
    expect(answer.campaigns.opens).toMatchObject({ available: true, total: 0 });
    expect(answer.campaigns.clicks).toMatchObject({ available: true, total: 0 });
    expect(answer.trading).toEqual({ performance: '/api/analytics/performance', risk: '/api/analytics/risk' });
    // upload 10 + campaign 25 + the analytics view itself 5
    expect(answer.activity.xp.total).toBe(40);

    await t.client.get('/api/me/analytics');
    const activity = activityResponseSchema.parse((await t.client.get('/api/me/activity')).json());
    expect(activity.goals.find((g) => g.id === 'check-analytics')).toMatchObject({ status: 'done' });
    expect(activity.analyticsOpened).toBe(true);
    expect(activity.recent.filter((e) => e.kind === 'analytics_viewed')).toHaveLength(1);
  });

  it('answers the asked range, in the user zone', async () => {
    const res = await t.client.get('/api/me/analytics?start=2026-02-27&end=2026-03-02');
    expect(res.statusCode).toBe(200);
    const answer = analyticsResponseSchema.parse(res.json());
    expect(answer.activity.trades.points.map((p) => p.date)).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
  });

  it("counts views of the user's files and first opens and clicks of their campaigns, per day in the user's zone", async () => {
    const { db } = t.app.deps;
    // Tokyo is UTC+9 all year: its days start at 15:00 UTC
    await db.update(users).set({ timezone: 'Asia/Tokyo' }).where(eq(users.id, t.client.user.id));
    const tokyoToday = localDay(new Date(), 'Asia/Tokyo');
    const file = await uploaded(
      t.client,
      { fileName: 'price-list.txt', content: Buffer.from('Price list'), contentType: 'text/plain' },
      { isPublic: 'true' },
    );
    const bob = await signedInClient(t.app);
    for (const viewer of [t.client, bob, bob]) {
      expect((await viewer.get(`/api/content/access/${file.file.id}`)).statusCode).toBe(200);
    }
    const [campaign] = await db
      .insert(campaigns)
      .values({ userId: t.client.user.id, name: 'Spring prices', subject: 'Prices', template: 'plain', status: 'sent' })
      .returning({ id: campaigns.id });
    const startOfTokyoToday = new Date(`${tokyoToday}T00:00:00+09:00`);
    await db.insert(campaignRecipients).values([
      // opened and clicked early today in Tokyo
      {
        campaignId: campaign!.id,
        email: 'a@example.com',
        firstOpenedAt: new Date(startOfTokyoToday.getTime() + 60_000),
        firstClickedAt: new Date(startOfTokyoToday.getTime() + 120_000),
      },
      // opened a minute before today began in Tokyo: yesterday there
      {
        campaignId: campaign!.id,
        email: 'b@example.com',
        firstOpenedAt: new Date(startOfTokyoToday.getTime() - 60_000),
      },
      { campaignId: campaign!.id, email: 'c@example.com' },
    ]);

    const answer = analyticsResponseSchema.parse((await t.client.get('/api/me/analytics')).json());
    expect(answer.timeZone).toBe('Asia/Tokyo');
    expect(answer.content.views).toMatchObject({ available: true, total: 3 });
    expect(answer.content.views.points.at(-1)).toEqual({ date: tokyoToday, value: 3 });
    expect(answer.campaigns.opens.points.slice(-2)).toEqual([
      { date: addDays(tokyoToday, -1), value: 1 },
      { date: tokyoToday, value: 1 },
    ]);
    expect(answer.campaigns.clicks).toMatchObject({ available: true, total: 1 });
    expect(answer.campaigns.clicks.points.at(-1)).toEqual({ date: tokyoToday, value: 1 });

    // none of it is Bob's
    const bobs = analyticsResponseSchema.parse((await bob.get('/api/me/analytics')).json());
    expect([bobs.content.views.total, bobs.campaigns.opens.total, bobs.campaigns.clicks.total]).toEqual([0, 0, 0]);
  });

  it("keeps another user's events out", async () => {
    await recordActivity(t.app.deps.db, { userId: t.client.user.id, kind: 'file_uploaded', key: 'file:1' });
    const bob = await signedInClient(t.app);
    const answer = analyticsResponseSchema.parse((await bob.get('/api/me/analytics')).json());
    expect(answer.content.uploads.total).toBe(0);
  });

  it('names the bad field of a range', async () => {
    const cases: [string, string][] = [
      ['start=2026-03-10&end=2026-03-01', 'start'],
      ['start=2024-01-01&end=2026-01-01', 'start'],
      ['start=yesterday', 'start'],
      ['end=2026-02-30', 'end'],
    ];
    for (const [query, field] of cases) {
      const res = await t.client.get(`/api/me/analytics?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(
        res.json().details.map((d: { field: string }) => d.field),
        query,
      ).toContain(field);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/me/analytics' })).statusCode).toBe(401);
  });
});
