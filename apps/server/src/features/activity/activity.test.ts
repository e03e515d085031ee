import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { QUICK_ACTIONS, activityResponseSchema, quickActionResponseSchema, type QuickActionId } from '@tp/shared';
import { createUser, signedInClient, useSignedInTestApp } from '../../test/kit';
import { users } from '../users/users.tables';
import { activityDays, userActivity } from './activity.tables';
import { performQuickAction, recordActivity, recordVisit } from './activity.service';
import { localDay } from './calendar';

const DAY_MS = 86_400_000;
let clicks = 0;
const clickId = () => `click-${Date.now().toString(36)}-${(clicks += 1)}`;

describe('activity: GET and POST /api/me/activity', () => {
  const t = useSignedInTestApp();

  const activity = async (client = t.client, headers: Record<string, string> = {}) => {
    const res = await client.get('/api/me/activity', { headers });
    expect(res.statusCode, res.body).toBe(200);
    return activityResponseSchema.parse(res.json());
  };
  const click = async (action: QuickActionId, id = clickId(), client = t.client) => {
    const res = await client.post('/api/me/activity', { action, clickId: id });
    expect(res.statusCode, res.body).toBe(200);
    return quickActionResponseSchema.parse(res.json());
  };

  it('refuses a caller without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/activity' })).statusCode).toBe(401);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/me/activity',
      payload: { action: 'daily-summary', clickId: 'abcdefgh' },
    });
    expect(post.statusCode).toBe(401);
  });

  it('documents the dashboard calls in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, object>;
    };
    for (const path of [
      '/api/me/activity',
      '/api/me/achievements',
      '/api/me/analytics',
      '/api/me/preferences',
      '/api/me/license',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });

  it('records the first visit of the day once: streak 1, Daily Login done, so 1 of 3 goals (33 %)', async () => {
    const first = await activity();
    expect(first).toMatchObject({
      date: localDay(new Date(), 'UTC'),
      timeZone: 'UTC',
      timeZoneSource: 'default',
      streak: { current: 1, longest: 1 },
      xp: { total: 5, today: 5 },
      level: { level: 1, levelStartXp: 0, nextLevelXp: 100, progressPercent: 5 },
      progress: {
        percent: 33,
        goalsDone: 1,
        goalsTotal: 3,
        band: { id: 'good-start', message: 'Good start!' },
        completedAt: null,
      },
      quickActionsEarned: [],
      analyticsOpened: false,
      counts: { files: 0, views: 0, streak: 1 },
    });
    expect(first.goals.map((g) => [g.label, g.status])).toEqual([
      ['Daily Login', 'done'],
      ['Check Analytics', 'pending'],
      ['Upload Content', 'pending'],
    ]);
    expect(first.recent.map((e) => e.label)).toEqual(['Signed in for the day']);

    const again = await activity();
    expect(again.xp.total).toBe(5);
    expect(again.recent).toHaveLength(1);
    const rows = await t.app.deps.db.select().from(activityDays).where(eq(activityDays.userId, t.client.user.id));
    expect(rows).toHaveLength(1);
  });

  it("adopts the browser's zone while none was chosen, then keeps it; an unknown zone is ignored", async () => {
    const unknown = await activity(t.client, { 'x-time-zone': 'Mars/Olympus_Mons' });
    expect(unknown).toMatchObject({ timeZone: 'UTC', timeZoneSource: 'default' });
    const adopted = await activity(t.client, { 'x-time-zone': 'Pacific/Kiritimati' });
    expect(adopted).toMatchObject({ timeZone: 'Pacific/Kiritimati', timeZoneSource: 'browser' });
    expect(adopted.date).toBe(localDay(new Date(), 'Pacific/Kiritimati'));
    const otherDevice = await activity(t.client, { 'x-time-zone': 'America/Los_Angeles' });
    expect(otherDevice.timeZone).toBe('Pacific/Kiritimati');
  });

  it('continues a streak from yesterday and starts again after a gap', async () => {
    const now = Date.now();
    const bob = await signedInClient(t.app);
    for (let daysAgo = 6; daysAgo >= 1; daysAgo -= 1) {
      await recordVisit(t.app.deps.db, t.client.user.id, 'UTC', new Date(now - daysAgo * DAY_MS));
    }
    await recordVisit(t.app.deps.db, bob.user.id, 'UTC', new Date(now - 2 * DAY_MS));
    const seventh = await activity();
    expect(seventh.streak).toMatchObject({ current: 7, longest: 7 });
    expect(seventh.counts.streak).toBe(7);
    expect(seventh.xp.total).toBe(35);
    const broken = await activity(bob);
    expect(broken.streak).toMatchObject({ current: 1, longest: 1 });
  });

  it('gives each quick action its XP once a day, and ticks no goal: clicking twice earns once', async () => {
    await activity();
    const first = await click('enhanced-trading');
    expect(first).toMatchObject({ replayed: false, action: 'enhanced-trading', section: 'trading', xpAwarded: 20 });
    const second = await click('enhanced-trading');
    expect(second).toMatchObject({ replayed: false, section: 'trading', xpAwarded: 0 });
    expect(second.activity.xp).toEqual({ total: 25, today: 25 });

    // every action, twice: each earns its spec XP once; no goal, no progress, no badge of a goal
    for (const action of QUICK_ACTIONS) {
      await click(action.id);
      await click(action.id);
    }
    const after = await activity();
    expect(after.xp.today).toBe(5 + 10 + 15 + 20 + 5 + 3 + 2);
    expect(after.quickActionsEarned).toEqual(QUICK_ACTIONS.map((a) => a.id));
    expect(after.progress).toMatchObject({ percent: 33, goalsDone: 1, completedAt: null });
    expect(after.goals.map((g) => [g.label, g.status])).toEqual([
      ['Daily Login', 'done'],
      ['Check Analytics', 'pending'],
      ['Upload Content', 'pending'],
    ]);
    expect(after.analyticsOpened).toBe(false);
    // a click that earns nothing records nothing
    const clicks = await t.app.deps.db.select().from(userActivity).where(eq(userActivity.kind, 'quick_action'));
    expect(clicks).toHaveLength(QUICK_ACTIONS.length);
    expect(after.recent.filter((e) => e.kind === 'quick_action').every((e) => e.xp > 0)).toBe(true);
  });

  it("counts a quick action's XP again on the user's next day, at midnight in their zone (not UTC's)", async () => {
    const dev = await createUser(t.app, { timezone: 'Asia/Kolkata', timezoneSource: 'user' });
    const at = (iso: string) =>
      performQuickAction(
        t.app.deps,
        dev.id,
        'Asia/Kolkata',
        { action: 'daily-summary', clickId: clickId() },
        new Date(iso),
      );
    // 23:30 and 23:50 on 12 May in Kolkata (UTC+5:30), then 00:10 on 13 May — all 12 May in UTC
    expect((await at('2026-05-12T18:00:00Z')).xpAwarded).toBe(3);
    expect((await at('2026-05-12T18:20:00Z')).xpAwarded).toBe(0);
    expect((await at('2026-05-12T18:40:00Z')).xpAwarded).toBe(3);
    const events = await t.app.deps.db.select().from(userActivity).where(eq(userActivity.userId, dev.id));
    expect(events.filter((e) => e.kind === 'quick_action').map((e) => [e.day, e.xp])).toEqual([
      ['2026-05-12', 3],
      ['2026-05-13', 3],
    ]);
  });

  it('answers a retried click as the first did and refuses a click id reused for another action', async () => {
    const id = clickId();
    const first = await click('upload-content', id);
    expect(first.xpAwarded).toBe(10);
    const retry = await click('upload-content', id);
    expect(retry).toMatchObject({ replayed: true, xpAwarded: 10 });
    expect(retry.activity.xp.total).toBe(first.activity.xp.total);
    expect((await click('upload-content')).xpAwarded).toBe(0);

    const reused = await t.client.post('/api/me/activity', { action: 'daily-summary', clickId: id });
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({ code: 'CLICK_ID_REUSED', details: [{ field: 'clickId' }] });
  });

  it('gives concurrent clicks of one action its XP once, the first visit of the day among them', async () => {
    const ids = Array.from({ length: 6 }, clickId);
    const answers = await Promise.all(
      [...ids, ids[0]!, ids[1]!].map((id) =>
        t.client.post('/api/me/activity', { action: 'daily-summary', clickId: id }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    const after = await activity();
    expect(after.xp.today).toBe(5 + 3);
    expect(after.quickActionsEarned).toEqual(['daily-summary']);
    const logins = await t.app.deps.db.select().from(userActivity).where(eq(userActivity.kind, 'daily_login'));
    expect(logins).toHaveLength(1);
  });

  it('names the bad field of a click', async () => {
    const cases: [unknown, string][] = [
      [{ action: 'fly-to-the-moon', clickId: 'abcdefgh' }, 'action'],
      [{ action: 'daily-summary', clickId: 'short' }, 'clickId'],
      [{ action: 'daily-summary', clickId: 'has spaces in it' }, 'clickId'],
      [{ action: 'daily-summary' }, 'clickId'],
      [{ action: 'daily-summary', clickId: 'abcdefgh', xp: 1000 }, 'body'],
    ];
    for (const [body, field] of cases) {
      const res = await t.client.post('/api/me/activity', body as Record<string, unknown>);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(
        res.json().details.map((d: { field: string }) => d.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    const rows = await t.app.deps.db.select().from(userActivity).where(eq(userActivity.kind, 'quick_action'));
    expect(rows).toHaveLength(0);
  });

  it("keeps each user's activity to themselves", async () => {
    await click('enhanced-trading');
    await recordActivity(t.app.deps.db, { userId: t.client.user.id, kind: 'file_uploaded', key: 'file:1' });
    const bob = await signedInClient(t.app);
    const bobs = await activity(bob);
    expect(bobs).toMatchObject({
      xp: { total: 5 },
      progress: { percent: 33 },
      quickActionsEarned: [],
      counts: { files: 0 },
    });
    expect(bobs.recent.map((e) => e.kind)).toEqual(['daily_login']);
  });

  it('records real events from other features once per key, completing their goal', async () => {
    const first = await recordActivity(t.app.deps.db, {
      userId: t.client.user.id,
      kind: 'file_uploaded',
      key: 'file:42',
    });
    expect(first).toMatchObject({ recorded: true, xp: 10 });
    const repeated = await recordActivity(t.app.deps.db, {
      userId: t.client.user.id,
      kind: 'file_uploaded',
      key: 'file:42',
    });
    expect(repeated.recorded).toBe(false);
    // inside the caller's transaction: rolled back with it
    await expect(
      t.app.deps.db.transaction(async (tx) => {
        await recordActivity(tx, { userId: t.client.user.id, kind: 'trade_placed', key: 'order:1' });
        throw new Error('order rejected');
      }),
    ).rejects.toThrow('order rejected');

    const after = await activity();
    expect(after.goals.find((g) => g.id === 'upload-content')).toMatchObject({ status: 'done' });
    expect(after.progress).toMatchObject({ percent: 67, goalsDone: 2, band: { message: 'Halfway there!' } });
    // Files are the content hub's live files (an event alone uploads nothing)
    expect(after.counts.files).toBe(0);
    expect(after.xp.total).toBe(15);
    expect(after.recent.map((e) => e.kind)).not.toContain('trade_placed');
  });

  it("records another feature's event on the user's own calendar day", async () => {
    await t.app.deps.db.update(users).set({ timezone: 'Asia/Tokyo' }).where(eq(users.id, t.client.user.id));
    // 20:00 UTC on 1 May is 05:00 on 2 May in Tokyo
    const recorded = await recordActivity(t.app.deps.db, {
      userId: t.client.user.id,
      kind: 'campaign_sent',
      occurredAt: new Date('2026-05-01T20:00:00Z'),
    });
    expect(recorded.day).toBe('2026-05-02');
  });

  it('keeps one day per user after a move west, with no second Daily Login', async () => {
    const carol = await createUser(t.app, { timezone: 'Asia/Tokyo', timezoneSource: 'user' });
    // Tue 12 May 09:00 in Tokyo; then the user sets New York, where it is still Monday evening
    const tokyo = await recordVisit(t.app.deps.db, carol.id, 'Asia/Tokyo', new Date('2026-05-12T00:00:00Z'));
    await performQuickAction(
      t.app.deps,
      carol.id,
      'Asia/Tokyo',
      { action: 'daily-summary', clickId: clickId() },
      new Date('2026-05-12T00:10:00Z'),
    );
    const newYork = await recordVisit(t.app.deps.db, carol.id, 'America/New_York', new Date('2026-05-12T01:00:00Z'));
    expect(newYork).toMatchObject({ day: tokyo.day, xp: 5 + 3, streak: 1 });
    const logins = await t.app.deps.db.select().from(userActivity).where(eq(userActivity.kind, 'daily_login'));
    expect(logins).toHaveLength(1);
  });
});
