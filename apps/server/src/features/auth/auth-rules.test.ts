import { randomBytes, randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq, isNull, sql } from 'drizzle-orm';
import { SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { errorResponseSchema, passwordLoginResponseSchema, sessionTokenResponseSchema } from '@tp/shared';
import { authSessions, emailOutbox, oneTimeTokens, rateLimits, refreshTokens, users } from '../../db/schema';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import {
  ageLastSeen,
  bearer,
  buildTestApp,
  getTestBoss,
  lastSeenOf,
  latestMagicLinkToken,
  signIn,
  testConfig,
} from '../../test/kit';
import { hashPassword } from './password.service';
import { signAccessToken } from '../../plugins/auth';
import { hashToken } from '../../plugins/tokens/one-time-tokens';
import { purposeKey } from '../../plugins/tokens/signatures';
import { ACCESS_TOKEN_PURPOSE } from '../../plugins/auth/access-token';
import { tempDir } from '../../test/temp-dirs';

const SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

describe('/api/auth rules', () => {
  // the worker's database and job queue are created once, in a hook, not inside the first test's time
  beforeAll(async () => {
    await getTestBoss();
  });
  let app: FastifyInstance;
  afterEach(() => app?.close());

  const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: `/api/auth${url}`, payload: payload as object, headers });
  const count = async (table: typeof users | typeof oneTimeTokens | typeof emailOutbox) =>
    ((await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(table)) as [{ n: number }])[0].n;

  describe('access tokens', () => {
    it('are HS256 JWTs of 15 minutes carrying the user and the session id', async () => {
      app = await buildTestApp();
      const { token, user } = await signIn(app, 'jwt@example.com');
      expect(decodeProtectedHeader(token).alg).toBe('HS256');
      const claims = decodeJwt(token);
      expect(claims.exp! - claims.iat!).toBe(15 * 60);
      expect(claims.sub).toBe(user.id);
      const [session] = await app.deps.db.select().from(authSessions);
      expect(claims.sid).toBe(session!.id);
    });

    it('are refused when expired, signed with another key, or unsigned', async () => {
      app = await buildTestApp();
      const accessKey = purposeKey(SECRET, ACCESS_TOKEN_PURPOSE);
      const { token } = await signIn(app, 'forged@example.com');
      const { sub, sid } = decodeJwt(token);
      const sign = (key: string | Uint8Array, exp: number) =>
        new SignJWT({ sid })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(sub!)
          .setIssuer('trading-portal')
          .setAudience('trading-portal-api')
          .setIssuedAt(exp - 900)
          .setExpirationTime(exp)
          .sign(typeof key === 'string' ? new TextEncoder().encode(key) : key);
      const now = Math.floor(Date.now() / 1000);
      // the same claims, correctly signed and unexpired, are accepted: the refusals below are about the token only
      expect(
        (await app.inject({ url: '/api/auth/me', headers: bearer(await sign(accessKey, now + 60)) })).statusCode,
      ).toBe(200);
      const expired = await sign(accessKey, now - 1);
      const otherKey = await sign('another-secret-that-is-long-enough-for-hs256', now + 60);
      // AUTH_SECRET itself signs nothing: each use has a key of its own
      const rawSecret = await sign(SECRET, now + 60);
      const otherPurpose = await sign(purposeKey(SECRET, 'tp:content-signed-url:v1'), now + 60);
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const unsigned = `${header}.${token.split('.')[1]}.`;
      for (const bad of [expired, otherKey, rawSecret, otherPurpose, unsigned]) {
        const res = await app.inject({ url: '/api/auth/me', headers: bearer(bad) });
        expect(res.statusCode).toBe(401);
        expect(res.json().error).toBe('Your session has expired. Please log in again.');
      }
    });

    it('are refused with 401, not 500, when validly signed claims are not UUIDs', async () => {
      app = await buildTestApp();
      const accessKey = purposeKey(SECRET, ACCESS_TOKEN_PURPOSE);
      const { token } = await signIn(app, 'not-uuid@example.com');
      const { sub, sid } = decodeJwt(token) as { sub: string; sid: string };
      const now = Math.floor(Date.now() / 1000);
      const sign = (claims: { sub: string; sid: string }) =>
        new SignJWT({ sid: claims.sid })
          .setProtectedHeader({ alg: 'HS256' })
          .setSubject(claims.sub)
          .setIssuer('trading-portal')
          .setAudience('trading-portal-api')
          .setIssuedAt(now)
          .setExpirationTime(now + 60)
          .sign(accessKey);
      const order = { symbol: 'AAPL', side: 'buy', quantity: 1, type: 'market' };
      // every way a token is checked: app.authenticate, a route proving the session itself, the quotes socket
      const calls = (bad: string) => [
        app.inject({ url: '/api/auth/me', headers: bearer(bad) }),
        app.inject({ method: 'POST', url: '/api/trades', payload: order, headers: bearer(bad) }),
        app.inject({ url: `/ws/market?symbols=AAPL&token=${bad}` }),
      ];
      for (const claims of [
        { sub, sid: 'not-a-uuid' },
        { sub, sid: `${sid}x` },
        { sub: 'admin', sid },
      ]) {
        for (const res of await Promise.all(calls(await sign(claims)))) {
          expect(res.statusCode, JSON.stringify(claims)).toBe(401);
          expect(res.json().error).toBe('Your session has expired. Please log in again.');
        }
      }
      expect((await app.inject({ url: '/api/auth/me', headers: bearer(await sign({ sub, sid })) })).statusCode).toBe(
        200,
      );
    });

    it('stop working, with the refresh token, once the session passes its absolute lifetime', async () => {
      app = await buildTestApp();
      const { token, refreshToken } = await signIn(app, 'lifetime@example.com', { rememberMe: true });
      await app.deps.db.update(authSessions).set({ expiresAt: sql`now() - interval '1 second'` });
      expect((await app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
      expect((await post('/refresh', { refreshToken })).statusCode).toBe(401);
    });
  });

  describe('last seen', () => {
    it('is kept to the minute by every signed-in request: written when older, not on each request', async () => {
      app = await buildTestApp();
      const { token } = await signIn(app, 'seen@example.com');
      const { db } = app.deps.connection;
      const sessionId = decodeJwt(token).sid as string;
      const lastSeen = async () => (await lastSeenOf(db, sessionId)).getTime();
      const stale = (await ageLastSeen(db, sessionId)).getTime();
      // a route behind app.authenticate (not one that proves the session in its own statement)
      expect((await app.inject({ url: '/api/me/preferences', headers: bearer(token) })).statusCode).toBe(200);
      const seen = await lastSeen();
      expect(seen).toBeGreaterThan(stale + 4 * 60_000);
      expect((await app.inject({ url: '/api/me/preferences', headers: bearer(token) })).statusCode).toBe(200);
      expect(await lastSeen()).toBe(seen);
    });
  });

  describe('tokens at rest', () => {
    it('keeps refresh and hand-off tokens only as SHA-256 hashes; a hand-off token lives 5 minutes', async () => {
      app = await buildTestApp();
      const { token, refreshToken } = await signIn(app, 'rest@example.com');
      const [stored] = await app.deps.db.select().from(refreshTokens);
      expect(stored!.tokenHash).toBe(hashToken(refreshToken));
      const minted = sessionTokenResponseSchema.parse((await post('/session-token', {}, bearer(token))).json());
      expect(minted.sessionToken.length).toBeGreaterThanOrEqual(43);
      const [handOff] = await app.deps.db
        .select()
        .from(oneTimeTokens)
        .where(eq(oneTimeTokens.purpose, 'session_handoff'));
      expect(handOff!.tokenHash).toBe(hashToken(minted.sessionToken));
      expect(JSON.stringify(handOff)).not.toContain(minted.sessionToken);
      expect(new Date(minted.expiresAt).getTime() - Date.now()).toBeGreaterThan(4.9 * 60_000);
      expect(new Date(minted.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);

      await app.deps.db.update(oneTimeTokens).set({ expiresAt: sql`now() - interval '1 second'` });
      const late = await post('/session-exchange', { sessionToken: minted.sessionToken });
      expect(late.statusCode).toBe(400);
      expect(late.json().error).toBe('Invalid or expired session token');
      expect((await post('/session-exchange', { sessionToken: 'made-up' })).json().error).toBe(
        'Invalid or expired session token',
      );
    });

    it('ends a hand-off token with the session that minted it', async () => {
      app = await buildTestApp();
      const { token } = await signIn(app, 'handoff-out@example.com');
      const { sessionToken } = sessionTokenResponseSchema.parse(
        (await post('/session-token', {}, bearer(token))).json(),
      );
      await post('/logout', {}, bearer(token));
      const res = await post('/session-exchange', { sessionToken });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('Invalid or expired session token');
      expect(await app.deps.db.select().from(authSessions).where(isNull(authSessions.revokedAt))).toHaveLength(0);
    });

    it('needs a signed-in user to mint a hand-off token', async () => {
      app = await buildTestApp();
      expect((await post('/session-token', {})).statusCode).toBe(401);
    });
  });

  describe('magic-link requests', () => {
    it('signs in an unknown address by creating the account at verify, not before', async () => {
      app = await buildTestApp();
      const asked = await post('/magic-link', { email: 'stranger@example.com', mode: 'signin' });
      expect(asked.json()).toMatchObject({ isNewUser: true });
      expect(await count(users)).toBe(0);
      const token = await latestMagicLinkToken(app, 'stranger@example.com');
      const verified = await post('/verify', { token });
      expect(verified.json()).toMatchObject({
        isNewUser: true,
        requiresProfileCompletion: true,
        user: { email: 'stranger@example.com' },
      });
      await app.deps.db.delete(rateLimits);
      expect((await post('/magic-link', { email: 'stranger@example.com' })).json()).toMatchObject({ isNewUser: false });
    });

    it('needs a name in sign-up mode, with the login page’s text', async () => {
      app = await buildTestApp();
      for (const name of [undefined, '', '   ']) {
        const res = await post('/magic-link', { email: 'noname@example.com', mode: 'signup', name });
        expect(res.statusCode).toBe(400);
        expect(errorResponseSchema.parse(res.json()).details).toEqual([
          { field: 'name', message: 'Name is required for sign up' },
        ]);
      }
      expect(await count(oneTimeTokens)).toBe(0);
    });

    it('rejects redirects that leave the site, naming the field', async () => {
      app = await buildTestApp();
      for (const redirectTo of ['//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'https://evil.example']) {
        const res = await post('/magic-link', { email: 'redir@example.com', redirectTo });
        expect(res.statusCode).toBe(400);
        expect(errorResponseSchema.parse(res.json()).details?.map((d) => d.field)).toEqual(['redirectTo']);
      }
      expect(await count(oneTimeTokens)).toBe(0);
    });

    it('writes the link to the log in development without SMTP', async () => {
      app = await buildTestApp();
      const info = vi.spyOn(app.log, 'info');
      await post('/magic-link', { email: 'log@example.com' });
      const token = await latestMagicLinkToken(app, 'log@example.com');
      expect(info).toHaveBeenCalledWith(
        expect.objectContaining({ email: 'log@example.com', magicLink: `http://localhost:3000/login?token=${token}` }),
        expect.any(String),
      );
    });

    it('is not consumed by fetching the link page: only POST /verify consumes it', async () => {
      // a built web app of its own, so the link page is served even before `npm run build`
      const dist = tempDir('tp-web-');
      writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
      app = await buildTestApp({ WEB_DIST_DIR: dist });
      await post('/magic-link', { email: 'scanner@example.com' });
      const token = await latestMagicLinkToken(app, 'scanner@example.com');
      const scanned = await app.inject({ url: `/login?token=${token}` });
      expect(scanned.statusCode).toBe(200);
      expect(scanned.body).toContain('<div id="root">');
      expect((await post('/verify', { token })).statusCode).toBe(200);
    });
  });

  it('limits each IP to 30 verifies an hour', async () => {
    app = await buildTestApp();
    for (let i = 0; i < 30; i += 1) {
      expect((await post('/verify', { token: `wrong-${i}` })).statusCode).toBe(400);
    }
    const res = await post('/verify', { token: 'wrong-30' });
    expect(res.statusCode).toBe(429);
    expect(res.json().error).toBe('Too many requests. Please try again later.');
    // another client is not affected
    const other = await app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { token: 'x' },
      remoteAddress: '10.0.0.9',
    });
    expect(other.statusCode).toBe(400);
  });

  it('logs out with no body at all', async () => {
    app = await buildTestApp();
    const { token } = await signIn(app, 'nobody-body@example.com');
    const res = await app.inject({ method: 'POST', url: '/api/auth/logout', headers: bearer(token) });
    expect(res.json()).toEqual({ success: true });
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
  });

  it('signs in with a scrypt password only when AUTH_PASSWORD_ENABLED', async () => {
    app = await buildTestApp({ AUTH_PASSWORD_ENABLED: 'true' });
    const passwordHash = await hashPassword('correct horse battery staple', randomBytes(16));
    expect(passwordHash).toMatch(/^scrypt\$/);
    await app.deps.db
      .insert(users)
      .values({ email: 'pw@example.com', name: 'Pat', passwordHash, emailVerifiedAt: new Date() });
    const ok = await post('/login', { email: ' PW@example.com', password: 'correct horse battery staple' });
    expect(ok.statusCode).toBe(200);
    const body = passwordLoginResponseSchema.parse(ok.json());
    expect((await app.inject({ url: '/api/auth/me', headers: bearer(body.token) })).json().user.email).toBe(
      'pw@example.com',
    );
    for (const attempt of [
      { email: 'pw@example.com', password: 'wrong' },
      { email: 'nobody@example.com', password: 'correct horse battery staple' },
    ]) {
      const res = await post('/login', attempt);
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toBe('Invalid email or password');
    }
    expect((await post('/login', { email: 'pw@example.com' })).json().details?.[0]?.field).toBe('password');
  });

  it('answers the catalogue 503 when the database cannot be reached, never a 500', async () => {
    const unreachable = await openDatabase({ databaseUrl: 'postgres://postgres:postgres@127.0.0.1:1/none' });
    app = await buildApp(testConfig(), { connection: unreachable, boss: await getTestBoss(), logger: false });
    try {
      for (const [method, url, payload] of [
        ['POST', '/api/auth/magic-link', { email: 'down@example.com' }],
        ['POST', '/api/auth/verify', { token: 'abc' }],
        ['POST', '/api/auth/refresh', { refreshToken: 'abc' }],
      ] as const) {
        const res = await app.inject({ method, url, payload });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          success: false,
          error: 'The authentication service is currently unavailable. Please try again later.',
          code: 'SERVICE_UNAVAILABLE',
        });
      }
      const me = await app.inject({
        url: '/api/auth/me',
        headers: bearer(await signAccessToken(SECRET, { userId: randomUUID(), sessionId: randomUUID() })),
      });
      expect(me.statusCode).toBe(503);
    } finally {
      await app.close();
      await unreachable.close();
    }
  });

  it('publishes every auth call in the OpenAPI document', async () => {
    app = await buildTestApp();
    const doc = (await app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const calls = Object.entries(doc.paths)
      .filter(([path]) => path.startsWith('/api/auth/'))
      .flatMap(([path, methods]) => Object.keys(methods).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(calls).toEqual(
      [
        'DELETE /api/auth/sessions/{id}',
        'GET /api/auth/me',
        'GET /api/auth/sessions',
        'POST /api/auth/login',
        'POST /api/auth/logout',
        'POST /api/auth/magic-link',
        'POST /api/auth/refresh',
        'POST /api/auth/session-exchange',
        'POST /api/auth/session-token',
        'POST /api/auth/verify',
        'PUT /api/auth/me',
      ].sort(),
    );
  });
});
