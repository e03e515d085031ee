import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { AUTH, type AuthSession } from '@tp/shared';
import type { DbExecutor } from '../../db/client';
import type { Deps } from '../../deps';
import { sessionIsLive, signAccessToken, type RequestAuth } from '../../plugins/auth';
import { notFound, unauthorized } from '../../plugins/errors';
import { hashToken, newOpaqueToken } from '../../plugins/tokens/one-time-tokens';
import { purposeKey, sign } from '../../plugins/tokens/signatures';
import { authSessions, refreshTokens } from './auth.tables';

export interface ClientContext {
  ipAddress: string;
  userAgent: string;
  /** The browser's zone (x-time-zone header), a hint the sign-in's Daily Login is counted in. */
  timeZone?: string;
}

export interface IssuedSession {
  token: string;
  refreshToken: string;
  sessionId: string;
  expiresAt: Date;
}

async function storeRefreshToken(
  db: DbExecutor,
  sessionId: string,
  refreshToken: string,
  parentId: string | null,
): Promise<void> {
  // clock_timestamp, not the transaction's start: rotations of one session must order by when they happened
  await db
    .insert(refreshTokens)
    .values({ sessionId, tokenHash: hashToken(refreshToken), parentId, createdAt: sql`clock_timestamp()` });
}

/**
 * The refresh token that succeeds the token with id `parentId`: derived from it under a key of its
 * own (`purposeKey` of AUTH_SECRET), not drawn at random, so a refresh repeated within the grace
 * window answers the very successor the first one issued — only its hash is stored, so it could not
 * be read back — and the session stays one chain. Unguessable without AUTH_SECRET, like a random one.
 */
function successorToken(secret: string, parentId: string): string {
  return sign(purposeKey(secret, 'tp:refresh-token-successor:v1'), parentId).toString('base64url');
}

/** A new session (refresh-token family) for a user, with its first access and refresh tokens. */
export async function createSession(
  deps: Pick<Deps, 'config'>,
  db: DbExecutor,
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
  const refreshToken = newOpaqueToken();
  await storeRefreshToken(db, sessionId, refreshToken, null);
  const token = await signAccessToken(deps.config.auth.secret, { userId, sessionId });
  return { token, refreshToken, sessionId, expiresAt };
}

/**
 * Rotates a refresh token. A token used twice means it leaked — unless it is the immediate parent
 * of the family's newest token and was used in the last 10 s (two tabs refreshing at once): then
 * it answers the same successor again, so the family stays one chain; otherwise the whole family
 * (session) is revoked. Concurrent refreshes of one token queue on its row lock.
 */
export async function rotateRefreshToken(
  deps: Deps,
  refreshToken: string,
): Promise<{ token: string; refreshToken: string }> {
  const result = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ token: refreshTokens, session: authSessions })
      .from(refreshTokens)
      .innerJoin(authSessions, eq(authSessions.id, refreshTokens.sessionId))
      .where(and(eq(refreshTokens.tokenHash, hashToken(refreshToken)), sessionIsLive()))
      .for('update');
    if (!row) throw unauthorized();
    const { token, session } = row;

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
        deps.log.warn({ sessionId: session.id }, 'refresh token replayed: session revoked');
        return null;
      }
    }
    const next = successorToken(deps.config.auth.secret, token.id);
    // the first refresh stores the successor; a repeat in the grace window answers it again
    if (claimed) await storeRefreshToken(tx, session.id, next, token.id);
    const access = await signAccessToken(deps.config.auth.secret, { userId: session.userId, sessionId: session.id });
    return { token: access, refreshToken: next };
  });
  // the revocation above must commit, so the 401 is raised outside the transaction
  if (!result) throw unauthorized();
  return result;
}

export async function logout(deps: Deps, auth: RequestAuth, everywhere: boolean): Promise<void> {
  await deps.db
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

export async function listSessions(deps: Deps, auth: RequestAuth): Promise<AuthSession[]> {
  const rows = await deps.db
    .select()
    .from(authSessions)
    .where(and(eq(authSessions.userId, auth.userId), sessionIsLive()))
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

export async function endSession(deps: Deps, auth: RequestAuth, sessionId: string): Promise<void> {
  const ended = await deps.db
    .update(authSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(authSessions.id, sessionId), eq(authSessions.userId, auth.userId), isNull(authSessions.revokedAt)))
    .returning({ id: authSessions.id });
  if (ended.length === 0) throw notFound();
}
