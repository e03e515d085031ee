import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import {
  errorResponseSchema,
  magicLinkResponseSchema,
  meResponseSchema,
  refreshResponseSchema,
  sessionExchangeResponseSchema,
  sessionsResponseSchema,
  verifyResponseSchema,
} from '@tp/shared';
import { authSessions, oneTimeTokens, refreshTokens } from '../../db/schema';
import { buildTestApp, bearer, latestMagicLinkToken, signIn } from '../../test/kit';
import { hashToken } from '../../plugins/tokens/one-time-tokens';

describe('/api/auth', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildTestApp();
  });
  afterEach(() => app.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `/api/auth${url}`, payload: payload as object, headers });

  describe('magic links', () => {
    it('normalises the address, e-mails a link to the SPA and stores only a hash of the token', async () => {
      const res = await post('/magic-link', { email: '  Ada@Example.COM ', name: '  Ada Lovelace ', mode: 'signup' });
      expect(res.statusCode).toBe(200);
      expect(magicLinkResponseSchema.parse(res.json())).toEqual({
        message: expect.any(String),
        isNewUser: true,
        nextLinkInSeconds: 30,
      });
      const token = await latestMagicLinkToken(app, 'ada@example.com');
      expect(token.length).toBeGreaterThanOrEqual(43); // 256 bits in base64url
      const [stored] = await app.deps.db.select().from(oneTimeTokens);
      expect(stored!.tokenHash).toBe(hashToken(token));
      expect(JSON.stringify(stored)).not.toContain(token);
      expect(stored!.expiresAt.getTime() - stored!.createdAt.getTime()).toBeCloseTo(10 * 60_000, -4);
    });

    it('refuses sign-up with a known address with 409 and the catalogue text', async () => {
      await signIn(app, 'known@example.com');
      const res = await post('/magic-link', { email: 'KNOWN@example.com', mode: 'signup', name: 'Again' });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toBe('A user with this email already exists.');
    });

    it('creates the account only when the e-mail is verified', async () => {
      const answer = await post('/magic-link', { email: 'new@example.com' });
      expect(answer.json().isNewUser).toBe(true);
      const [{ n }] = (await app.deps.connection.query<{ n: number }>('select count(*)::int as n from users')).rows as [
        { n: number },
      ];
      expect(n).toBe(0);
    });

    it('remembers the plan chosen before signing up on the account, and refuses an unknown plan naming the field', async () => {
      const bad = await post('/magic-link', { email: 'plan@example.com', name: 'Pat', mode: 'signup', plan: 'gold' });
      expect(bad.statusCode).toBe(400);
      expect(errorResponseSchema.parse(bad.json()).details?.[0]?.field).toBe('plan');
      const created = await signIn(app, 'plan@example.com', { name: 'Pat', mode: 'signup', plan: 'team' });
      expect(created.user.plan).toBe('team');
      const again = await signIn(app, 'plan@example.com');
      expect(again.user.plan).toBe('team');
      const upgraded = await signIn(app, 'plan@example.com', { plan: 'enterprise' });
      expect(upgraded.user.plan).toBe('enterprise');
      const plain = await signIn(app, 'free@example.com');
      expect(plain.user.plan).toBe('free');
    });

    it('keeps only same-origin redirect paths and hands them back on verify', async () => {
      const bad = await post('/magic-link', { email: 'r@example.com', redirectTo: 'https://evil.example/x' });
      expect(bad.statusCode).toBe(400);
      expect(errorResponseSchema.parse(bad.json()).details?.[0]?.field).toBe('redirectTo');
      const verified = await signIn(app, 'r@example.com', { redirectTo: '/content-access?tab=gallery' });
      expect(verified.redirectTo).toBe('/content-access?tab=gallery');
    });

    it('throttles 30 requests an hour per IP', async () => {
      for (let i = 0; i < 30; i += 1) {
        expect((await post('/magic-link', { email: `ip${i}@example.com` })).statusCode).toBe(200);
      }
      expect((await post('/magic-link', { email: 'ip30@example.com' })).statusCode).toBe(429);
    });
  });

  describe('verify', () => {
    it('answers the session, marks the e-mail verified and asks for the profile', async () => {
      await post('/magic-link', { email: 'v@example.com', name: 'Vera' });
      const token = await latestMagicLinkToken(app, 'v@example.com');
      const res = await post('/verify', { token });
      expect(res.statusCode).toBe(200);
      const body = verifyResponseSchema.parse(res.json());
      expect(body).toMatchObject({ isNewUser: true, requiresProfileCompletion: true, rememberMe: false });
      expect(body.user).toMatchObject({
        email: 'v@example.com',
        name: 'Vera',
        emailVerified: true,
        isEmailVerified: true,
      });
      const me = await app.inject({ url: '/api/auth/me', headers: bearer(body.token) });
      expect(meResponseSchema.parse(me.json()).user.email).toBe('v@example.com');
    });

    it('accepts a token once; a second use is "Invalid or expired magic link token"', async () => {
      await post('/magic-link', { email: 'once@example.com' });
      const token = await latestMagicLinkToken(app, 'once@example.com');
      expect((await post('/verify', { token })).statusCode).toBe(200);
      const again = await post('/verify', { token });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe('Invalid or expired magic link token');
    });

    it('lets exactly one of two concurrent verifies of one token succeed', async () => {
      await post('/magic-link', { email: 'race@example.com' });
      const token = await latestMagicLinkToken(app, 'race@example.com');
      const results = await Promise.all([
        post('/verify', { token }),
        post('/verify', { token }),
        post('/verify', { token }),
      ]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
      const sessions = await app.deps.db.select().from(authSessions);
      expect(sessions).toHaveLength(1);
    });

    it('refuses an expired token', async () => {
      await post('/magic-link', { email: 'late@example.com' });
      const token = await latestMagicLinkToken(app, 'late@example.com');
      await app.deps.db.update(oneTimeTokens).set({ expiresAt: sql`now() - interval '1 second'` });
      expect((await post('/verify', { token })).json().error).toBe('Invalid or expired magic link token');
    });

    it('gives remembered sessions 30 days and others 24 hours', async () => {
      const remembered = await signIn(app, 'long@example.com', { rememberMe: true });
      expect(remembered.rememberMe).toBe(true);
      const short = await signIn(app, 'short@example.com');
      const sessions = await app.deps.db.select().from(authSessions);
      const days = (s: (typeof sessions)[number]) => (s.expiresAt.getTime() - s.createdAt.getTime()) / 86_400_000;
      expect(
        sessions
          .map(days)
          .sort((a, b) => a - b)
          .map((d) => Math.round(d)),
      ).toEqual([1, 30]);
      expect(short.rememberMe).toBe(false);
    });
  });

  describe('sessions and tokens', () => {
    it('rejects requests without a valid bearer token with the catalogue 401', async () => {
      const none = await app.inject({ url: '/api/auth/me' });
      expect(none.statusCode).toBe(401);
      expect(none.json().error).toBe('Your session has expired. Please log in again.');
      expect((await app.inject({ url: '/api/auth/me', headers: bearer('not.a.jwt') })).statusCode).toBe(401);
    });

    it('logs out at once: the still-unexpired access token stops working', async () => {
      const { token } = await signIn(app, 'out@example.com');
      expect((await post('/logout', {}, bearer(token))).json()).toEqual({ success: true });
      expect((await app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
    });

    it('logs out everywhere', async () => {
      const first = await signIn(app, 'many@example.com');
      const second = await signIn(app, 'many@example.com');
      await post('/logout', { everywhere: true }, bearer(second.token));
      expect((await app.inject({ url: '/api/auth/me', headers: bearer(first.token) })).statusCode).toBe(401);
    });

    it('rotates refresh tokens; a replayed old token revokes the family', async () => {
      const session = await signIn(app, 'rot@example.com');
      const r1 = refreshResponseSchema.parse((await post('/refresh', { refreshToken: session.refreshToken })).json());
      const r2 = refreshResponseSchema.parse((await post('/refresh', { refreshToken: r1.refreshToken })).json());
      expect(new Set([session.refreshToken, r1.refreshToken, r2.refreshToken]).size).toBe(3);
      // the first token is no longer the immediate parent of the newest one: a replay means theft
      const replay = await post('/refresh', { refreshToken: session.refreshToken });
      expect(replay.statusCode).toBe(401);
      expect((await post('/refresh', { refreshToken: r2.refreshToken })).statusCode).toBe(401);
      expect((await app.inject({ url: '/api/auth/me', headers: bearer(r2.token) })).statusCode).toBe(401);
    });

    it('tolerates two tabs refreshing with the same token within 10 s, not later', async () => {
      const session = await signIn(app, 'tabs@example.com');
      const [a, b] = await Promise.all([
        post('/refresh', { refreshToken: session.refreshToken }),
        post('/refresh', { refreshToken: session.refreshToken }),
      ]);
      expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
      // outside the grace window the same replay revokes
      const latest = refreshResponseSchema.parse(b.json());
      const next = refreshResponseSchema.parse((await post('/refresh', { refreshToken: latest.refreshToken })).json());
      await app.deps.db
        .update(refreshTokens)
        .set({ usedAt: sql`now() - interval '11 seconds'` })
        .where(eq(refreshTokens.tokenHash, hashToken(latest.refreshToken)));
      expect((await post('/refresh', { refreshToken: latest.refreshToken })).statusCode).toBe(401);
      expect((await post('/refresh', { refreshToken: next.refreshToken })).statusCode).toBe(401);
    });

    it('hands a session to another device with a one-time token', async () => {
      const { token } = await signIn(app, 'hand@example.com');
      const minted = await post('/session-token', {}, bearer(token));
      const { sessionToken } = minted.json() as { sessionToken: string };
      const exchanged = await post('/session-exchange', { sessionToken });
      const body = sessionExchangeResponseSchema.parse(exchanged.json());
      expect(body.user.email).toBe('hand@example.com');
      expect(body.token).not.toBe(token);
      const again = await post('/session-exchange', { sessionToken });
      expect(again.statusCode).toBe(400);
      expect(again.json().error).toBe('Invalid or expired session token');
    });

    it('lists the user’s sessions and ends only the user’s own', async () => {
      const mine = await signIn(app, 'dev1@example.com');
      const other = await signIn(app, 'dev1@example.com');
      const stranger = await signIn(app, 'stranger@example.com');
      const listed = sessionsResponseSchema.parse(
        (await app.inject({ url: '/api/auth/sessions', headers: bearer(mine.token) })).json(),
      );
      expect(listed.sessions).toHaveLength(2);
      expect(listed.sessions.filter((s) => s.current)).toHaveLength(1);
      const strangerSessions = sessionsResponseSchema.parse(
        (await app.inject({ url: '/api/auth/sessions', headers: bearer(stranger.token) })).json(),
      );
      const foreign = await app.inject({
        method: 'DELETE',
        url: `/api/auth/sessions/${strangerSessions.sessions[0]!.id}`,
        headers: bearer(mine.token),
      });
      expect(foreign.statusCode).toBe(404);
      const otherId = listed.sessions.find((s) => !s.current)!.id;
      expect(
        (await app.inject({ method: 'DELETE', url: `/api/auth/sessions/${otherId}`, headers: bearer(mine.token) }))
          .statusCode,
      ).toBe(200);
      expect((await app.inject({ url: '/api/auth/me', headers: bearer(other.token) })).statusCode).toBe(401);
    });
  });

  describe('profile', () => {
    it('requires name and phone, naming the fields, and is complete with them (company and position optional)', async () => {
      const { token, user } = await signIn(app, 'p@example.com');
      expect(user.profileComplete).toBe(false);
      const bad = await app.inject({
        method: 'PUT',
        url: '/api/auth/me',
        headers: bearer(token),
        payload: { name: '', phone: '' },
      });
      expect(bad.statusCode).toBe(400);
      expect(errorResponseSchema.parse(bad.json()).details?.map((d) => d.field)).toEqual(['name', 'phone']);
      const partial = await app.inject({
        method: 'PUT',
        url: '/api/auth/me',
        headers: bearer(token),
        payload: { name: 'Pat', phone: '+1 555 0101' },
      });
      expect(partial.json()).toMatchObject({ success: true, user: { profileComplete: true, company: '' } });
      const full = await app.inject({
        method: 'PUT',
        url: '/api/auth/me',
        headers: bearer(token),
        payload: { name: ' Pat ', phone: '+1 555 0101', company: 'Acme Export', position: 'Director' },
      });
      expect(full.json()).toMatchObject({
        success: true,
        user: { name: 'Pat', profileComplete: true, profile: { company: 'Acme Export' } },
      });
      const me = meResponseSchema.parse((await app.inject({ url: '/api/auth/me', headers: bearer(token) })).json());
      expect(me.profileComplete).toBe(true);
      const next = await signIn(app, 'p@example.com');
      expect(next.requiresProfileCompletion).toBe(false);
      expect(next.isNewUser).toBe(false);
    });
  });

  it('has password sign-in switched off with a clear 403', async () => {
    const res = await post('/login', { email: 'a@example.com', password: 'secret' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatch(/Password sign-in is disabled/);
  });
});
