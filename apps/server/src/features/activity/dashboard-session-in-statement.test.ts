import { describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityResponseSchema, analyticsResponseSchema } from '@tp/shared';
import { users } from '../users/users.tables';
import { activityDays, userActivity } from './activity.tables';
import { addDays, localDay } from './calendar';
import {
  ageLastSeen,
  deadSessionClients,
  lastSeenOf,
  signedInClient,
  useSignedInTestApp,
  type SignedInClient,
} from '../../test/kit';

const EXPIRED_BODY_ERROR = 'Your session has expired. Please log in again.';

/** A dead session's call of `url`: the same 401 as `app.authenticate` gives. */
async function expectRefused(client: SignedInClient, url: string) {
  const res = await client.get(url);
  expect(res.statusCode, res.body).toBe(401);
  expect(res.json().error).toBe(EXPIRED_BODY_ERROR);
}

/**
 * GET /api/me/analytics proves the session live in its own first statement (decision 0027) and
 * answers in two prepared statements: the session with the user's day, then the day's view with
 * every series.
 */
describe('analytics: the session proven in its statements', () => {
  const t = useSignedInTestApp();

  const analytics = async (client: SignedInClient, query = '') => {
    const res = await client.get(`/api/me/analytics${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return analyticsResponseSchema.parse(res.json());
  };
  const viewsRecorded = async (client: SignedInClient) =>
    t.app.deps.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.userId, client.user.id), eq(userActivity.kind, 'analytics_viewed')));

  it("refuses a logged-out, an expired and another user's session, recording no view", async () => {
    for (const client of await deadSessionClients(t.app)) {
      await expectRefused(client, '/api/me/analytics');
      expect(await viewsRecorded(client)).toEqual([]);
    }
  });

  it('answers in two prepared statements, the session proven in the first, "last seen" kept to the minute', async () => {
    const client = await signedInClient(t.app);
    const stale = await ageLastSeen(t.app.deps.db, client.sessionId);
    const spy = vi.spyOn(t.app.deps.connection, 'query');
    await analytics(client);
    const names = spy.mock.calls.map((call) => call[2]).filter((name) => name !== undefined);
    spy.mockRestore();
    expect(names).toEqual(['activity_analytics_context', 'activity_analytics_figures']);
    expect((await lastSeenOf(t.app.deps.db, client.sessionId)).getTime()).toBeGreaterThan(stale.getTime() + 4 * 60_000);
  });

  it("counts the view's XP once: on the call that records it and on every later one", async () => {
    const client = await signedInClient(t.app);
    const today = localDay(new Date(), 'UTC');
    for (let call = 0; call < 3; call += 1) {
      const answer = await analytics(client);
      expect(answer.activity.xp.total).toBe(5);
      expect(answer.activity.xp.points.at(-1)).toEqual({ date: today, value: 5 });
      for (const series of [answer.content.uploads, answer.content.views, answer.campaigns.sends]) {
        expect(series.total).toBe(0);
        expect(series.points).toHaveLength(30);
      }
    }
    expect(await viewsRecorded(client)).toHaveLength(1);
  });

  it('answers one day, and a range before today without the view in it', async () => {
    const client = await signedInClient(t.app);
    const today = localDay(new Date(), 'UTC');
    const one = await analytics(client, `?start=${today}&end=${today}`);
    expect(one.activity.xp.points).toEqual([{ date: today, value: 5 }]);
    const earlier = await analytics(client, '?start=2026-01-01&end=2026-01-31');
    expect(earlier.activity.xp.total).toBe(0);
    expect(earlier.activity.xp.points).toHaveLength(31);
  });

  it("counts the view on the user's own day at a zone far from UTC", async () => {
    // UTC+14 and UTC−11: at most instants one of them is on another date than UTC
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const client = await signedInClient(t.app);
      await t.app.deps.db.update(users).set({ timezone: zone }).where(eq(users.id, client.user.id));
      const before = localDay(new Date(), zone);
      const answer = await analytics(client);
      const after = localDay(new Date(), zone);
      expect(answer.timeZone).toBe(zone);
      expect([before, after]).toContain(answer.end);
      expect(answer.activity.xp.points.at(-1)).toEqual({ date: answer.end, value: 5 });
    }
  });
});

/**
 * GET /api/me/activity proves the session live in its own statement (decision 0027), and a call
 * after the day's first is that one statement.
 */
describe('activity: the session proven in its statement', () => {
  const t = useSignedInTestApp();

  const activity = async (client: SignedInClient) => {
    const res = await client.get('/api/me/activity');
    expect(res.statusCode, res.body).toBe(200);
    return activityResponseSchema.parse(res.json());
  };
  const daysOf = (client: SignedInClient) =>
    t.app.deps.db.select().from(activityDays).where(eq(activityDays.userId, client.user.id));

  it("refuses a logged-out, an expired and another user's session, recording no visit", async () => {
    for (const client of await deadSessionClients(t.app)) {
      await expectRefused(client, '/api/me/activity');
      expect(await daysOf(client)).toEqual([]);
    }
  });

  it('answers a later call of the day in one prepared statement, the same answer as the first', async () => {
    const client = await signedInClient(t.app);
    const first = await activity(client);
    const stale = await ageLastSeen(t.app.deps.db, client.sessionId);
    const spy = vi.spyOn(t.app.deps.connection, 'query');
    const again = await activity(client);
    const names = spy.mock.calls.map((call) => call[2]);
    spy.mockRestore();
    expect(names).toEqual(['activity_figures_session', undefined]); // the read, then "last seen"
    expect(again).toEqual(first);
    expect((await lastSeenOf(t.app.deps.db, client.sessionId)).getTime()).toBeGreaterThan(stale.getTime() + 4 * 60_000);
    const spyAgain = vi.spyOn(t.app.deps.connection, 'query');
    await activity(client);
    expect(spyAgain.mock.calls.map((call) => call[2])).toEqual(['activity_figures_session']);
    spyAgain.mockRestore();
  });

  it('records the first visit of a new day although yesterday is the newest day read', async () => {
    const client = await signedInClient(t.app);
    const today = localDay(new Date(), 'UTC');
    // yesterday's visit is the newest day the statement reads
    const yesterday = addDays(today, -1);
    await t.app.deps.db.insert(activityDays).values({
      userId: client.user.id,
      day: yesterday,
      timeZone: 'UTC',
      visitedAt: new Date(Date.now() - 86_400_000),
      streak: 1,
      xp: 5,
    });
    const answer = await activity(client);
    expect(answer).toMatchObject({ date: today, streak: { current: 2, lastVisitDate: today } });
    expect((await daysOf(client)).map((d) => d.day).sort()).toEqual([yesterday, today]);
  });

  it("answers on the user's own day at zones far from UTC, and after a browser's zone is adopted", async () => {
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const client = await signedInClient(t.app);
      await t.app.deps.db
        .update(users)
        .set({ timezone: zone, timezoneSource: 'user' })
        .where(eq(users.id, client.user.id));
      const before = localDay(new Date(), zone);
      const [first, second] = [await activity(client), await activity(client)];
      expect([before, localDay(new Date(), zone)]).toContain(first.date);
      expect(second).toEqual(first);
    }
    const client = await signedInClient(t.app);
    const res = await client.get('/api/me/activity', { headers: { 'x-time-zone': 'Asia/Kolkata' } });
    expect(res.json()).toMatchObject({ timeZone: 'Asia/Kolkata', timeZoneSource: 'browser' });
    expect((await activity(client)).timeZone).toBe('Asia/Kolkata');
  });
});
