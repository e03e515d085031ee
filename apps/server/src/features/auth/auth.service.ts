import { scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { AUTH, MESSAGES, type AuthSession, type User } from '@tp/shared';
import type { Db } from '../../db/client';
import { authSessions, oneTimeTokens, refreshTokens, users } from '../../db/schema';
import { hitCounter } from '../../plugins/rate-limit';
import { AppError, conflict, forbidden, notFound, unauthorized } from '../../plugins/errors';
import type { RequestAuth } from '../../plugins/auth';
import { MagicLinkEmail } from './emails/magic-link-email';
import { hashToken, newOpaqueToken, signAccessToken } from './tokens';
import { toUserView } from './user-view';

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

export interface ClientContext {
  ipAddress: string;
  userAgent: string;
}

export interface IssuedSession {
  token: string;
  refreshToken: string;
  sessionId: string;
  expiresAt: Date;
}

/** Over a sign-in throttle: the spec's 429, with how long to wait (sent as Retry-After). */
export class ThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super(429);
  }
}

const invalidMagicLink = () => new AppError(400, MESSAGES.badMagicLink, 'INVALID_TOKEN');
const invalidSessionToken = () => new AppError(400, MESSAGES.badSessionToken, 'INVALID_TOKEN');

async function findUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(users).where(eq(users.email, email));
  return row ?? null;
}

export async function getUser(db: Db, userId: string) {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw unauthorized();
  return row;
}

/** Consumes a one-time token exactly once: the conditional update is the whole race. */
async function consumeOneTimeToken(db: Db, purpose: string, token: string) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, purpose),
        isNull(oneTimeTokens.consumedAt),
        gt(oneTimeTokens.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

async function issueRefreshToken(db: Db, sessionId: string, parentId: string | null): Promise<string> {
  const refreshToken = newOpaqueToken();
  // clock_timestamp, not the transaction's start: rotations of one session must order by when they happened
  await db
    .insert(refreshTokens)
    .values({ sessionId, tokenHash: hashToken(refreshToken), parentId, createdAt: sql`clock_timestamp()` });
  return refreshToken;
}

async function createSession(
  app: FastifyInstance,
  db: Db,
  userId: string,
  rememberMe: boolean,
  client: ClientContext,
): Promise<IssuedSession> {
  const lifetime = rememberMe ? AUTH.rememberMeLifetimeMs : AUTH.defaultLifetimeMs;
  const expiresAt = new Date(Date.now() + lifetime);
  const [session] = await db
    .insert(authSessions)
    .values({
      userId,
      rememberMe,
      expiresAt,
      ipAddress: client.ipAddress.slice(0, 64),
      userAgent: client.userAgent.slice(0, 512),
    })
    .returning({ id: authSessions.id });
  const sessionId = session!.id;
  const refreshToken = await issueRefreshToken(db, sessionId, null);
  const token = await signAccessToken(app.config.auth.secret, { userId, sessionId });
  return { token, refreshToken, sessionId, expiresAt };
}

export async function requestMagicLink(
  app: FastifyInstance,
  input: { email: string; name?: string; mode: 'signin' | 'signup'; redirectTo?: string; rememberMe?: boolean },
): Promise<{ message: string; isNewUser: boolean }> {
  const { db } = app.database;
  const existing = await findUserByEmail(db, input.email);
  if (input.mode === 'signup' && existing) throw conflict();

  // per address: one link a minute and five an hour (shared by every instance)
  const perMinute = await hitCounter(app.database, `magic-link:minute:${input.email}`, 60_000);
  if (perMinute.count > AUTH.magicLinkPerAddressPerMinute) throw new ThrottledError(Math.ceil(perMinute.ttlMs / 1000));
  const perHour = await hitCounter(app.database, `magic-link:hour:${input.email}`, 3_600_000);
  if (perHour.count > AUTH.magicLinkPerAddressPerHour) throw new ThrottledError(Math.ceil(perHour.ttlMs / 1000));

  // An unknown address in sign-in mode gets a link too (isNewUser: true); the account is created
  // when the link is verified, so typos and abuse leave no unverified accounts behind
  // (docs/decisions/0011-magic-link-unknown-address.md).
  const isNewUser = !existing;
  const token = newOpaqueToken();
  // The link opens the SPA, which POSTs the token: a mail scanner fetching the link consumes nothing.
  const link = `${app.config.publicUrl}/login?token=${encodeURIComponent(token)}`;
  // rendered before the transaction, which then only writes two rows (PGlite has one connection)
  const mail = await app.mail.prepare({
    to: input.email,
    subject: isNewUser ? 'Confirm your e-mail for Trading Portal' : 'Your Trading Portal sign-in link',
    template: 'magic-link',
    react: MagicLinkEmail({
      name: existing?.name || input.name || '',
      link,
      isNewUser,
      expiresInMinutes: AUTH.magicLinkTtlMs / 60_000,
    }),
  });
  const outboxId = await db.transaction(async (tx) => {
    await tx.insert(oneTimeTokens).values({
      purpose: 'magic_link',
      tokenHash: hashToken(token),
      email: input.email,
      userId: existing?.id ?? null,
      payload: { name: input.name ?? '', redirectTo: input.redirectTo ?? null, rememberMe: input.rememberMe ?? false },
      expiresAt: new Date(Date.now() + AUTH.magicLinkTtlMs),
    });
    const { id } = await app.mail.write(tx as unknown as Db, mail);
    return id;
  });
  await app.mail.dispatch(outboxId);
  if (!app.config.mail.smtpUrl) {
    // development without SMTP: the link is also in the log and in the dev mailbox
    app.log.info({ email: input.email, magicLink: link }, 'magic link (dev mailbox)');
  }
  return { message: 'Magic link sent! Check your email to sign in.', isNewUser };
}

export async function verifyMagicLink(
  app: FastifyInstance,
  input: { token: string; rememberMe?: boolean },
  client: ClientContext,
): Promise<{ session: IssuedSession; user: User; isNewUser: boolean; rememberMe: boolean; redirectTo: string | null }> {
  return app.database.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const consumed = await consumeOneTimeToken(tx, 'magic_link', input.token);
    if (!consumed || !consumed.email) throw invalidMagicLink();
    const payload = consumed.payload as { name?: string; redirectTo?: string | null; rememberMe?: boolean };

    const [inserted] = await tx
      .insert(users)
      .values({ email: consumed.email, name: payload.name ?? '', emailVerifiedAt: new Date() })
      .onConflictDoNothing({ target: users.email })
      .returning();
    let user = inserted;
    if (!user) {
      [user] = await tx
        .update(users)
        .set({
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
          name: sql`case when ${users.name} = '' then ${payload.name ?? ''} else ${users.name} end`,
          updatedAt: sql`now()`,
        })
        .where(eq(users.email, consumed.email))
        .returning();
    }
    const rememberMe = input.rememberMe ?? payload.rememberMe ?? false;
    const session = await createSession(app, tx, user!.id, rememberMe, client);
    return {
      session,
      user: toUserView(user!),
      isNewUser: Boolean(inserted),
      rememberMe,
      redirectTo: payload.redirectTo ?? null,
    };
  });
}

export async function createHandOffToken(
  app: FastifyInstance,
  auth: RequestAuth,
): Promise<{ sessionToken: string; expiresAt: string }> {
  const sessionToken = newOpaqueToken();
  const expiresAt = new Date(Date.now() + AUTH.sessionTokenTtlMs);
  await app.database.db.insert(oneTimeTokens).values({
    purpose: 'session_handoff',
    tokenHash: hashToken(sessionToken),
    userId: auth.userId,
    // the hand-off dies with the session that made it (a logout takes effect at once)
    payload: { sessionId: auth.sessionId },
    expiresAt,
  });
  return { sessionToken, expiresAt: expiresAt.toISOString() };
}

export async function exchangeHandOffToken(app: FastifyInstance, sessionToken: string, client: ClientContext) {
  return app.database.db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const consumed = await consumeOneTimeToken(tx, 'session_handoff', sessionToken);
    if (!consumed?.userId) throw invalidSessionToken();
    const from = (consumed.payload as { sessionId?: string }).sessionId;
    const [source] = from
      ? await tx
          .select({ id: authSessions.id })
          .from(authSessions)
          .where(and(eq(authSessions.id, from), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, sql`now()`)))
      : [];
    if (!source) throw invalidSessionToken();
    const user = await getUser(tx, consumed.userId);
    const session = await createSession(app, tx, user.id, false, client);
    return { session, user: toUserView(user) };
  });
}

/**
 * Rotates a refresh token. A token used twice means it leaked — unless it is the immediate parent
 * of the family's newest token and was used in the last 10 s (two tabs refreshing at once): then
 * the family survives; otherwise the whole family (session) is revoked.
 */
export async function rotateRefreshToken(
  app: FastifyInstance,
  refreshToken: string,
): Promise<{ token: string; refreshToken: string }> {
  return app.database.db
    .transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      const [row] = await tx
        .select({ token: refreshTokens, session: authSessions })
        .from(refreshTokens)
        .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)))
        .for('update');
      if (!row) throw unauthorized();
      const { token, session } = row;
      if (session.revokedAt || session.expiresAt.getTime() <= Date.now()) throw unauthorized();

      const [claimed] = await tx
        .update(refreshTokens)
        .set({ usedAt: sql`now()` })
        .where(and(eq(refreshTokens.id, token.id), isNull(refreshTokens.usedAt)))
        .returning({ id: refreshTokens.id });

      if (!claimed) {
        const [newest] = await tx
          .select({ parentId: refreshTokens.parentId })
          .from(refreshTokens)
          .where(eq(refreshTokens.sessionId, session.id))
          .orderBy(desc(refreshTokens.createdAt))
          .limit(1);
        const withinGrace = token.usedAt !== null && Date.now() - token.usedAt.getTime() <= AUTH.refreshGraceMs;
        if (!(withinGrace && newest?.parentId === token.id)) {
          await tx
            .update(authSessions)
            .set({ revokedAt: sql`now()` })
            .where(eq(authSessions.id, session.id));
          app.log.warn({ sessionId: session.id }, 'refresh token replayed: session revoked');
          return null;
        }
      }
      const next = await issueRefreshToken(tx, session.id, token.id);
      const access = await signAccessToken(app.config.auth.secret, { userId: session.userId, sessionId: session.id });
      return { token: access, refreshToken: next };
    })
    .then((result) => {
      // the revocation above must commit, so the 401 is raised outside the transaction
      if (!result) throw unauthorized();
      return result;
    });
}

export async function logout(app: FastifyInstance, auth: RequestAuth, everywhere: boolean): Promise<void> {
  await app.database.db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(
      and(
        eq(authSessions.userId, auth.userId),
        isNull(authSessions.revokedAt),
        everywhere ? undefined : eq(authSessions.id, auth.sessionId),
      ),
    );
}

export async function listSessions(app: FastifyInstance, auth: RequestAuth): Promise<AuthSession[]> {
  const rows = await app.database.db
    .select()
    .from(authSessions)
    .where(
      and(eq(authSessions.userId, auth.userId), isNull(authSessions.revokedAt), gt(authSessions.expiresAt, sql`now()`)),
    )
    .orderBy(desc(authSessions.lastSeenAt));
  return rows.map((s) => ({
    id: s.id,
    userAgent: s.userAgent,
    ipAddress: s.ipAddress,
    createdAt: s.createdAt.toISOString(),
    lastSeenAt: s.lastSeenAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    rememberMe: s.rememberMe,
    current: s.id === auth.sessionId,
  }));
}

export async function endSession(app: FastifyInstance, auth: RequestAuth, sessionId: string): Promise<void> {
  const ended = await app.database.db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, auth.userId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  if (ended.length === 0) throw notFound();
}

export async function updateProfile(
  app: FastifyInstance,
  auth: RequestAuth,
  input: { name: string; phone: string; company: string; position: string },
): Promise<User> {
  const [row] = await app.database.db
    .update(users)
    .set({ ...input, updatedAt: sql`now()` })
    .where(eq(users.id, auth.userId))
    .returning();
  if (!row) throw unauthorized();
  return toUserView(row);
}

export async function hashPassword(password: string, salt: Buffer): Promise<string> {
  const key = await scryptAsync(password, salt, 64);
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

/** Password sign-in: off unless AUTH_PASSWORD_ENABLED; scrypt hashes, constant-time comparison. */
export async function passwordLogin(app: FastifyInstance, email: string, password: string, client: ClientContext) {
  if (!app.config.auth.passwordEnabled) throw forbidden(MESSAGES.passwordLoginDisabled, 'PASSWORD_LOGIN_DISABLED');
  const user = await findUserByEmail(app.database.db, email);
  const [, salt, expected] = user?.passwordHash?.split('$') ?? [];
  const candidate = await hashPassword(password, Buffer.from(salt ?? 'no-user-salt', 'base64'));
  const ok =
    user !== null &&
    expected !== undefined &&
    Buffer.from(expected, 'base64').length === 64 &&
    timingSafeEqual(Buffer.from(candidate.split('$')[2]!, 'base64'), Buffer.from(expected, 'base64'));
  if (!ok || !user) throw unauthorized('Invalid email or password');
  const session = await createSession(app, app.database.db, user.id, false, client);
  return { session, user: toUserView(user) };
}
