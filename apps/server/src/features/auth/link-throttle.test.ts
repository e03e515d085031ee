import { sql } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { AUTH, errorResponseSchema, magicLinkResponseSchema } from '@tp/shared';
import { emailOutbox, oneTimeTokens } from '../../db/schema';
import { peekCounter } from '../../plugins/rate-limit';
import { advanceCounters, latestMagicLinkToken, resetDatabase, useTestApp } from '../../test/kit';

/**
 * Sign-in links to one address (docs/decisions/0036): a 30 s cooldown and 20 an hour, sign-up and
 * sign-in together; every wait told (the 200's nextLinkInSeconds, a 429's Retry-After) is the true
 * wait. Time is moved on by ageing the counters (advanceCounters), never by sleeping.
 */
describe('sign-in links to one address', () => {
  const t = useTestApp();
  beforeEach(() => resetDatabase(t.app.deps.connection));

  const LAPTOP = { remoteAddress: '192.0.2.10', headers: { 'user-agent': 'Laptop' } };
  const PHONE = { remoteAddress: '198.51.100.20', headers: { 'user-agent': 'Phone' } };
  type Device = { remoteAddress: string; headers: Record<string, string> };

  const ask = (email: string, device: Device = LAPTOP, body: Record<string, unknown> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email, ...body }, ...device });
  const retryAfter = (res: LightMyRequestResponse) => Number(res.headers['retry-after']);
  const nextLinkIn = (res: LightMyRequestResponse) => magicLinkResponseSchema.parse(res.json()).nextLinkInSeconds;
  const count = async (table: typeof oneTimeTokens | typeof emailOutbox) =>
    ((await t.app.deps.db.select({ n: sql<number>`count(*)::int` }).from(table)) as [{ n: number }])[0].n;

  /**
   * The told wait is the true one: shortly before it the request is still refused (told the rest),
   * and once it has passed the link goes. The margin absorbs the real seconds a busy machine spends.
   */
  async function expectTrueWait(email: string, device: Device, seconds: number) {
    let wait = seconds;
    const margin = Math.min(10, wait - 1);
    if (margin > 0) {
      await advanceCounters(t.app.deps.db, wait - margin);
      const early = await ask(email, device);
      expect(early.statusCode, `${margin} s before the told ${seconds} s`).toBe(429);
      expect(retryAfter(early)).toBeLessThanOrEqual(margin);
      wait = retryAfter(early);
    }
    await advanceCounters(t.app.deps.db, wait);
    const onTime = await ask(email, device);
    expect(onTime.statusCode, `after the told ${seconds} s`).toBe(200);
    return onTime;
  }

  it('spaces two links 30 s apart, and says so truly in the answer and in Retry-After', async () => {
    const first = await ask('ada@example.com');
    expect(first.statusCode).toBe(200);
    expect(nextLinkIn(first)).toBe(AUTH.magicLinkCooldownSeconds);
    const refused = await ask('ada@example.com', PHONE);
    expect(refused.statusCode).toBe(429);
    expect(errorResponseSchema.parse(refused.json()).error).toBe('Too many requests. Please try again later.');
    expect(retryAfter(refused)).toBeGreaterThan(AUTH.magicLinkCooldownSeconds - 10);
    expect(retryAfter(refused)).toBeLessThanOrEqual(AUTH.magicLinkCooldownSeconds);
    await expectTrueWait('ada@example.com', PHONE, retryAfter(refused));
    // another address is not affected
    expect((await ask('grace@example.com', PHONE)).statusCode).toBe(200);
  });

  it('lets a person sign in on a laptop and a phone again and again in an hour, each after its true wait', async () => {
    const email = 'kofi@example.com';
    const waits: number[] = [];
    // twelve links in 48 minutes, the two devices taking turns, none opened: never locked out
    for (let i = 0; i < 12; i += 1) {
      const device = i % 2 === 0 ? LAPTOP : PHONE;
      let answer = await ask(email, device, { mode: i === 0 ? 'signup' : 'signin', name: 'Kofi' });
      if (answer.statusCode === 429) {
        waits.push(retryAfter(answer));
        answer = await expectTrueWait(email, device, retryAfter(answer));
      }
      expect(answer.statusCode, `link ${i + 1}`).toBe(200);
      expect(nextLinkIn(answer)).toBeLessThanOrEqual(AUTH.magicLinkCooldownSeconds);
      // the other device asks soon after on odd turns, a few minutes later on even ones
      await advanceCounters(t.app.deps.db, i % 2 === 0 ? 10 : 4 * 60);
    }
    expect(waits.length).toBeGreaterThan(0);
    expect(Math.max(...waits)).toBeLessThanOrEqual(AUTH.magicLinkCooldownSeconds);
    expect(await count(emailOutbox)).toBe(12);
  });

  it('starts an address afresh once one of its links is opened', async () => {
    expect((await ask('amara@example.com', LAPTOP)).statusCode).toBe(200);
    const token = await latestMagicLinkToken(t.app, 'amara@example.com');
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token } })).statusCode).toBe(200);
    // on the phone at once: no cooldown left from the laptop's link
    expect((await ask('amara@example.com', PHONE)).statusCode).toBe(200);
  });

  it('stops mail bombing at 20 links an hour, and tells the true wait for the next', async () => {
    const email = 'victim@example.com';
    // many client addresses: the per-IP limit does not come into it
    const from = (i: number) => ({ remoteAddress: `203.0.113.${i + 1}`, headers: {} });
    let last: LightMyRequestResponse | undefined;
    for (let i = 0; i < AUTH.magicLinkPerAddressPerHour; i += 1) {
      last = await ask(email, from(i));
      expect(last.statusCode, `link ${i + 1}`).toBe(200);
      await advanceCounters(t.app.deps.db, AUTH.magicLinkCooldownSeconds);
    }
    // the twentieth answer already says when the hour's allowance comes back
    const hourLeft = 3_600 - AUTH.magicLinkPerAddressPerHour * AUTH.magicLinkCooldownSeconds;
    // (less the real seconds the twenty requests took)
    expect(nextLinkIn(last!)).toBeGreaterThan(hourLeft + AUTH.magicLinkCooldownSeconds - 120);
    expect(nextLinkIn(last!)).toBeLessThanOrEqual(hourLeft + AUTH.magicLinkCooldownSeconds);
    const refused = await ask(email, from(50));
    expect(refused.statusCode).toBe(429);
    expect(retryAfter(refused)).toBeGreaterThan(hourLeft - 120);
    expect(retryAfter(refused)).toBeLessThanOrEqual(hourLeft);
    expect(await count(emailOutbox)).toBe(AUTH.magicLinkPerAddressPerHour);
    await expectTrueWait(email, from(51), retryAfter(refused));
  });

  it('writes nothing when refused, and counts nothing either', async () => {
    expect((await ask('twice@example.com')).statusCode).toBe(200);
    for (let i = 0; i < 5; i += 1) expect((await ask('twice@example.com')).statusCode).toBe(429);
    expect(await count(oneTimeTokens)).toBe(1);
    expect(await count(emailOutbox)).toBe(1);
    // the refusals did not use up the hour: after the cooldown the next link goes
    await advanceCounters(t.app.deps.db, AUTH.magicLinkCooldownSeconds);
    expect((await ask('twice@example.com')).statusCode).toBe(200);
    expect(await peekCounter(t.app.deps.connection, 'magic-link:hour:twice@example.com')).toBe(2);
  });

  it('lets one of many simultaneous requests for an address through', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => ask('burst@example.com', { remoteAddress: `10.1.0.${i + 1}`, headers: {} })),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 429, 429, 429, 429, 429]);
    for (const refused of answers.filter((r) => r.statusCode === 429)) {
      expect(retryAfter(refused)).toBeGreaterThan(0);
      expect(retryAfter(refused)).toBeLessThanOrEqual(AUTH.magicLinkCooldownSeconds);
    }
    expect(await count(oneTimeTokens)).toBe(1);
    expect(await count(emailOutbox)).toBe(1);
  });
});
