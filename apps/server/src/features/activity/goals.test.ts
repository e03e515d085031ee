import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { activityResponseSchema, type ActivityResponse } from '@tp/shared';
import { createUser, latestMagicLinkToken, useSignedInTestApp, type SignedInClient } from '../../test/kit';
import { uploaded } from '../content/content-test-kit';
import { rateLimits } from '../../plugins/rate-limit/rate-limit.tables';
import { users } from '../users/users.tables';
import { userActivity } from './activity.tables';
import { getActivity, recordActivity } from './activity.service';
import { localDay } from './calendar';

/** Today's goals are done by what really happened on the user's day (docs/decisions/0034). */
describe("today's goals and progress: from real events only", () => {
  const t = useSignedInTestApp();

  const activity = async (client: Pick<SignedInClient, 'get'> = t.client) => {
    const res = await client.get('/api/me/activity');
    expect(res.statusCode, res.body).toBe(200);
    return activityResponseSchema.parse(res.json());
  };
  const click = (action: string) =>
    t.client.post('/api/me/activity', { action, clickId: `goal-${action}-${Math.random().toString(36).slice(2)}` });
  const statusOf = (answer: ActivityResponse) => Object.fromEntries(answer.goals.map((g) => [g.id, g.status]));

  it('counts a sign-in as the Daily Login on the day of the zone the browser reported: 1 of 3, 33 %', async () => {
    const email = `first-week-${Date.now().toString(36)}@example.com`;
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email } })).statusCode).toBe(
      200,
    );
    await t.app.deps.db.delete(rateLimits);
    const token = await latestMagicLinkToken(t.app, email);
    const verified = await t.app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { token },
      headers: { 'x-time-zone': 'Asia/Kolkata' },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const signedInAt = new Date();

    // recorded by the sign-in itself, in its transaction, on the user's day in their zone
    const [user] = await t.app.deps.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({ timezone: 'Asia/Kolkata', timezoneSource: 'browser' });
    const logins = await t.app.deps.db
      .select()
      .from(userActivity)
      .where(and(eq(userActivity.userId, user!.id), eq(userActivity.kind, 'daily_login')));
    expect(logins.map((e) => e.day)).toEqual([localDay(signedInAt, 'Asia/Kolkata')]);

    const headers = { authorization: `Bearer ${(verified.json() as { token: string }).token}` };
    const answer = await activity({ get: (url) => t.app.inject({ method: 'GET', url, headers }) });
    expect(answer.goals[0]).toMatchObject({
      label: 'Daily Login',
      status: 'done',
      completedAt: logins[0]!.occurredAt.toISOString(),
    });
    expect(answer.progress).toMatchObject({ percent: 33, goalsDone: 1, band: { message: 'Good start!' } });
    expect(answer).toMatchObject({ streak: { current: 1 }, xp: { total: 5 } });
  });

  it('ticks Upload Content only for a real upload, not for the quick action of that name', async () => {
    await activity();
    await click('upload-content');
    const clicked = await activity();
    expect(statusOf(clicked)['upload-content']).toBe('pending');
    expect(clicked.progress.percent).toBe(33);

    await uploaded(t.client, {
      fileName: 'price-list.txt',
      content: Buffer.from('Arabica AA, 40 bags'),
      contentType: 'text/plain',
    });
    const after = await activity();
    expect(statusOf(after)['upload-content']).toBe('done');
    expect(after.progress).toMatchObject({ percent: 67, goalsDone: 2, band: { message: 'Halfway there!' } });
    expect(after.counts.files).toBe(1);
  });

  it("leaves Upload Content pending after an upload late yesterday in the user's zone, though today in UTC", async () => {
    const user = await createUser(t.app, { timezone: 'America/New_York', timezoneSource: 'user' });
    const zone = { id: user.id, timezone: user.timezone, timezoneSource: user.timezoneSource };
    // 03:30 UTC on 10 March 2026 is 23:30 on 9 March in New York (EDT, UTC−4)
    await recordActivity(t.app.deps.db, {
      userId: user.id,
      kind: 'file_uploaded',
      key: 'file:late',
      occurredAt: new Date('2026-03-10T03:30:00Z'),
    });
    const morning = await getActivity(t.app.deps, zone, new Date('2026-03-10T13:00:00Z'));
    expect(morning.date).toBe('2026-03-10');
    expect(statusOf(morning)['upload-content']).toBe('pending');
    expect(morning.progress.percent).toBe(33);

    // 00:30 on 10 March in New York: today there
    await recordActivity(t.app.deps.db, {
      userId: user.id,
      kind: 'file_uploaded',
      key: 'file:early',
      occurredAt: new Date('2026-03-10T04:30:00Z'),
    });
    const later = await getActivity(t.app.deps, zone, new Date('2026-03-10T13:05:00Z'));
    expect(later.goals[2]).toMatchObject({ status: 'done', completedAt: '2026-03-10T04:30:00.000Z' });
    expect(later.progress.percent).toBe(67);
  });

  it('ticks Check Analytics when Analytics is opened, not by the View Analytics quick action; the New flag stays cleared', async () => {
    await activity();
    await click('view-analytics');
    const clicked = await activity();
    expect(statusOf(clicked)['check-analytics']).toBe('pending');
    expect(clicked.analyticsOpened).toBe(false);

    expect((await t.client.get('/api/me/analytics')).statusCode).toBe(200);
    const opened = await activity();
    expect(statusOf(opened)['check-analytics']).toBe('done');
    expect(opened).toMatchObject({ analyticsOpened: true, progress: { percent: 67 } });

    // the next day the goal is open again; Analytics is no longer new
    const user = { id: t.client.user.id, timezone: 'UTC', timezoneSource: 'default' as const };
    const tomorrow = await getActivity(t.app.deps, user, new Date(Date.now() + 86_400_000));
    expect(statusOf(tomorrow)).toEqual({
      'daily-login': 'done',
      'check-analytics': 'pending',
      'upload-content': 'pending',
    });
    expect(tomorrow.analyticsOpened).toBe(true);
  });

  it('reaches 100 % when the three real goals are done, dated by the last of them', async () => {
    await activity();
    await t.client.get('/api/me/analytics');
    const { file } = await uploaded(t.client, {
      fileName: 'invoice.txt',
      content: Buffer.from('Invoice 2291'),
      contentType: 'text/plain',
    });
    const done = await activity();
    expect(done.progress).toMatchObject({ percent: 100, goalsDone: 3, band: { message: 'All goals done!' } });
    const [uploadEvent] = await t.app.deps.db
      .select()
      .from(userActivity)
      .where(eq(userActivity.key, `file:${file.id}`));
    expect(done.progress.completedAt).toBe(uploadEvent!.occurredAt.toISOString());
    expect(done.goals.every((g) => g.status === 'done')).toBe(true);
  });
});
