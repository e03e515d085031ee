import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { verifyResponseSchema, type VerifyResponse } from '@tp/shared';
import type { DbExecutor } from '../db/client';
import { authSessions } from '../features/auth/auth.tables';
import { createSession } from '../features/auth/sessions.service';
import { users, type UserRow } from '../features/users/users.tables';
import { emailOutbox } from '../plugins/mail/mail.tables';
import { rateLimits } from '../plugins/rate-limit/rate-limit.tables';
import { buildTestApp, resetDatabase } from './helpers';
import type { ServerProcess } from './server-process';
import type { TestSmtp } from './smtp-server';

/** A user row with a complete profile and a unique address, unless the overrides say otherwise. */
export async function createUser(
  app: FastifyInstance,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<UserRow> {
  const [row] = await app.deps.db
    .insert(users)
    .values({
      email: `user-${randomUUID().slice(0, 8)}@example.com`,
      name: 'Ada Exporter',
      phone: '+44 20 7946 0000',
      company: 'Ada Exports Ltd',
      position: 'Export Manager',
      emailVerifiedAt: new Date(),
      ...overrides,
    })
    .returning();
  return row!;
}

type Body = InjectOptions['payload'];

/** Calls the app as one signed-in user (a real session and access token). */
export interface SignedInClient {
  user: UserRow;
  token: string;
  refreshToken: string;
  sessionId: string;
  headers: { authorization: string };
  get(url: string, options?: Omit<InjectOptions, 'url' | 'method'>): Promise<LightMyRequestResponse>;
  post(
    url: string,
    payload?: Body,
    options?: Omit<InjectOptions, 'url' | 'method' | 'payload'>,
  ): Promise<LightMyRequestResponse>;
  put(url: string, payload?: Body): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: Body): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

/** Signs a user in directly (session row + tokens, no e-mail): the arrangement step of feature tests. */
export async function signedInClient(app: FastifyInstance, user?: UserRow): Promise<SignedInClient> {
  const owner = user ?? (await createUser(app));
  const session = await createSession(app.deps, app.deps.db, owner.id, false, {
    ipAddress: '127.0.0.1',
    userAgent: 'vitest',
  });
  const headers = { authorization: `Bearer ${session.token}` };
  const send = (method: InjectOptions['method'], url: string, payload?: Body, options: Partial<InjectOptions> = {}) =>
    app.inject({ ...options, method, url, payload, headers: { ...headers, ...(options.headers ?? {}) } });
  return {
    user: owner,
    token: session.token,
    refreshToken: session.refreshToken,
    sessionId: session.sessionId,
    headers,
    get: (url, options) => send('GET', url, undefined, options),
    post: (url, payload, options) => send('POST', url, payload, options),
    put: (url, payload) => send('PUT', url, payload),
    patch: (url, payload) => send('PATCH', url, payload),
    delete: (url) => send('DELETE', url),
  };
}

/** The magic-link token of the newest e-mail to this address, read from the outbox as a user would read the mail. */
export async function latestMagicLinkToken(app: FastifyInstance, email: string): Promise<string> {
  const [mail] = await app.deps.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.toAddress, email))
    .orderBy(desc(emailOutbox.createdAt))
    .limit(1);
  const token = magicLinkTokenIn(mail?.text);
  if (!token) throw new Error(`no magic link e-mail for ${email}`);
  return token;
}

/** The sign-in token in a magic-link e-mail's text (its /login?token=… link), if there is one. */
function magicLinkTokenIn(text: string | undefined): string | undefined {
  const match = /\/login\?token=([A-Za-z0-9_%-]+)/.exec(text ?? '');
  return match ? decodeURIComponent(match[1]!) : undefined;
}

/** Signs a user in through the real magic-link flow (request, read the mail, verify) and returns the verify answer. */
export async function signIn(
  app: FastifyInstance,
  email: string,
  body: Record<string, unknown> = {},
): Promise<VerifyResponse> {
  const requested = await app.inject({ method: 'POST', url: '/api/auth/magic-link', payload: { email, ...body } });
  if (requested.statusCode !== 200) throw new Error(`magic-link ${requested.statusCode}: ${requested.body}`);
  // sign-in throttles are per address; tests that sign in repeatedly clear them
  await app.deps.db.delete(rateLimits);
  const token = await latestMagicLinkToken(app, email.trim().toLowerCase());
  const verified = await app.inject({ method: 'POST', url: '/api/auth/verify', payload: { token } });
  if (verified.statusCode !== 200) throw new Error(`verify ${verified.statusCode}: ${verified.body}`);
  return verifyResponseSchema.parse(verified.json());
}

/**
 * Signs in through running server processes (or a proxy in front of them) as a user does: the link is requested on `server`,
 * read from the e-mail that reached `smtp` (the servers' relay), and opened on `verifyOn` (by
 * default the same server). Returns the verify answer.
 */
export async function signInThrough(
  server: Pick<ServerProcess, 'fetch'>,
  smtp: TestSmtp,
  email: string,
  verifyOn: Pick<ServerProcess, 'fetch'> = server,
): Promise<VerifyResponse> {
  const requested = await server.fetch('/api/auth/magic-link', { json: { email } });
  if (requested.status !== 200) throw new Error(`magic-link ${requested.status}: ${await requested.text()}`);
  const mail = await smtp.waitForMessage(
    (m) => magicLinkTokenIn(m.text) !== undefined && JSON.stringify(m.to).includes(email),
  );
  const verified = await verifyOn.fetch('/api/auth/verify', { json: { token: magicLinkTokenIn(mail.text) } });
  if (verified.status !== 200) throw new Error(`verify ${verified.status}: ${await verified.text()}`);
  return verifyResponseSchema.parse(await verified.json());
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

type BuildOptions = NonNullable<Parameters<typeof buildTestApp>[1]>;

/**
 * One app for the test file: built in beforeAll (config overrides and options as in buildTestApp;
 * pass a function when the overrides are known only then, e.g. an SMTP peer's url started in an
 * earlier beforeAll) and closed in afterAll. Read `t.app` inside the tests.
 */
export function useTestApp(
  overrides: Record<string, string> | (() => Record<string, string>) = {},
  options: BuildOptions = {},
): { readonly app: FastifyInstance } {
  const state: { app?: FastifyInstance } = {};
  beforeAll(async () => {
    state.app = await buildTestApp(typeof overrides === 'function' ? overrides() : overrides, options);
  });
  // a build that failed has nothing to close (its own error is the one to read)
  afterAll(() => state.app?.close());
  return state as { readonly app: FastifyInstance };
}

/**
 * The usual arrangement of a feature's test file: useTestApp, emptied before each test, and a
 * fresh signed-in user per test. Read `t.app` and `t.client` inside the tests.
 */
export function useSignedInTestApp(overrides: Parameters<typeof useTestApp>[0] = {}): {
  readonly app: FastifyInstance;
  readonly client: SignedInClient;
} {
  const built = useTestApp(overrides);
  const state = {
    get app() {
      return built.app;
    },
  } as { readonly app: FastifyInstance; client: SignedInClient };
  beforeEach(async () => {
    await resetDatabase(state.app.deps.connection);
    state.client = await signedInClient(state.app);
  });
  return state;
}

/** When a session was last seen (written at most once a minute by authenticated requests). */
export async function lastSeenOf(db: DbExecutor, sessionId: string): Promise<Date> {
  const [row] = await db.select().from(authSessions).where(eq(authSessions.id, sessionId));
  if (!row) throw new Error(`no session ${sessionId}`);
  return row.lastSeenAt;
}

/** Moves a session's "last seen" five minutes back: its next authenticated request must write it again. */
export async function ageLastSeen(db: DbExecutor, sessionId: string): Promise<Date> {
  await db
    .update(authSessions)
    .set({ lastSeenAt: sql`now() - interval '5 minutes'` })
    .where(eq(authSessions.id, sessionId));
  return lastSeenOf(db, sessionId);
}

/** Moves every rate-limit window `seconds` nearer its end, as if that much time had passed (no sleeping). */
export async function advanceCounters(db: DbExecutor, seconds: number): Promise<void> {
  await db.update(rateLimits).set({ resetAt: sql`${rateLimits.resetAt} - ${seconds} * interval '1 second'` });
}

/**
 * Three signed-in clients whose sessions are no longer live: logged out, expired, and a token
 * naming another user's session. A route that proves the session in its own statement (decision
 * 0027) must refuse each.
 */
export async function deadSessionClients(app: FastifyInstance): Promise<SignedInClient[]> {
  const loggedOut = await signedInClient(app);
  if ((await loggedOut.post('/api/auth/logout', {})).statusCode !== 200) throw new Error('logout failed');
  const expired = await signedInClient(app);
  await app.deps.db
    .update(authSessions)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(authSessions.id, expired.sessionId));
  const [borrower, owner] = [await signedInClient(app), await signedInClient(app)];
  await app.deps.db.update(authSessions).set({ userId: owner.user.id }).where(eq(authSessions.id, borrower.sessionId));
  return [loggedOut, expired, borrower];
}
