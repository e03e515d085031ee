import { describe, expect, it, vi } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { analyticsResponseSchema } from '@tp/shared';
import { authSessions } from '../auth/auth.tables';
import { users } from '../users/users.tables';
import { userActivity } from './activity.tables';
import { localDay } from './calendar';
import { ageLastSeen, lastSeenOf, signedInClient, useSignedInTestApp, type SignedInClient } from '../../test/kit';

const EXPIRED_BODY_ERROR = 'Your session has expired. Please log in again.';

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
  const expectRefused = async (client: SignedInClient) => {
    const res = await client.get('/api/me/analytics');
    expect(res.statusCode, res.body).toBe(401);
    expect(res.json().error).toBe(EXPIRED_BODY_ERROR);
    expect(await viewsRecorded(client)).toEqual([]);
  };

  it("refuses a logged-out, an expired and another user's session, recording no view", async () => {
    const ada = await signedInClient(t.app);
    expect((await ada.post('/api/auth/logout', {})).statusCode).toBe(200);
    await expectRefused(ada);
    const bob = await signedInClient(t.app);
    await t.app.deps.db
      .update(authSessions)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authSessions.id, bob.sessionId));
    await expectRefused(bob);
    const eve = await signedInClient(t.app);
    const carol = await signedInClient(t.app);
    await t.app.deps.db.update(authSessions).set({ userId: carol.user.id }).where(eq(authSessions.id, eve.sessionId));
    await expectRefused(eve);
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
