import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authSessions } from '../../features/auth/auth.tables';
import { users, type UserRow } from '../../features/users/users.tables';
import { contentOwnerStats } from '../../features/content/content.tables';
import { unauthorized } from '../errors';
import { verifyAccessToken } from './access-token';
import { sessionIsLive } from './live-session';
import { authenticateClaims, markSessionSeen } from './session-in-statement';

export { signAccessToken, type AccessClaims } from './access-token';
export { sessionIsLive } from './live-session';

/** The signed-in user of a request: who, through which session, and their row as of this request. */
export interface RequestAuth {
  userId: string;
  sessionId: string;
  /** When the access token it came with expires (ms since the epoch): long-lived connections end then. */
  expiresAtMs: number;
  user: UserRow;
  /** The user's content figures, read in the same statement (GET /me shows them; a second read was a round trip). */
  contentCounts: { contentCount: number; viewCount: number };
}

export interface AuthVerifier {
  /**
   * A valid access token whose session is still live, with its user; null otherwise. Every
   * transport (HTTP, WebSocket) signs in through this, so a logout takes effect at once everywhere.
   */
  verify(token: string): Promise<RequestAuth | null>;
  /** Which of these sessions are still live, in one read (long-lived connections re-check theirs). */
  liveSessions(sessionIds: readonly string[]): Promise<Set<string>>;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
  interface FastifyInstance {
    auth: AuthVerifier;
    /** The check of signed-in routes (`requireSignIn`): a valid access token whose session is still live. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

/**
 * Makes a plugin scope signed-in: every route it (and the scopes inside it) registers answers 401
 * without a live session, and the API docs show it as bearerAuth. Call it before the scope's routes;
 * it is the one way a feature asks for sign-in, so the docs cannot forget a route. The check runs
 * before validation: a caller without a session learns nothing about the request's shape.
 */
export function requireSignIn(scope: FastifyInstance): void {
  scope.addHook('onRoute', (route) => {
    route.schema = { ...route.schema, security: route.schema?.security ?? [{ bearerAuth: [] }] };
  });
  scope.addHook('preValidation', scope.authenticate);
}

/** The signed-in user of a route behind `requireSignIn`. */
export function requireUser(request: FastifyRequest): RequestAuth {
  if (!request.auth) throw unauthorized();
  return request.auth;
}

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  return scheme?.toLowerCase() === 'bearer' && token ? token : null;
}

/** "Last seen" is kept to the minute: a signed-in read writes only when the stored value is older. */
const LAST_SEEN_RESOLUTION_MS = 60_000;

export function registerAuth(app: FastifyInstance): void {
  const { db, connection: database, config } = app.deps;

  // one indexed read per request: the live session joined with its user (and their content figures)
  const liveSession = db
    .select({
      lastSeenAt: authSessions.lastSeenAt,
      user: users,
      contentCount: contentOwnerStats.fileCount,
      viewCount: contentOwnerStats.viewCount,
    })
    .from(authSessions)
    .innerJoin(users, eq(users.id, authSessions.userId))
    .leftJoin(contentOwnerStats, eq(contentOwnerStats.ownerUserId, authSessions.userId))
    .where(
      and(
        eq(authSessions.id, sql.placeholder('sessionId')),
        eq(authSessions.userId, sql.placeholder('userId')),
        sessionIsLive(),
      ),
    )
    .prepare('auth_live_session');

  const verifier: AuthVerifier = {
    async verify(token) {
      const claims = await verifyAccessToken(config.auth.secret, token);
      if (!claims) return null;
      const [live] = await liveSession.execute({ sessionId: claims.sessionId, userId: claims.userId });
      if (!live) return null;
      if (Date.now() - live.lastSeenAt.getTime() > LAST_SEEN_RESOLUTION_MS) {
        await markSessionSeen(database, claims.sessionId);
      }
      return {
        ...claims,
        user: live.user,
        contentCounts: { contentCount: live.contentCount ?? 0, viewCount: live.viewCount ?? 0 },
      };
    },
    async liveSessions(sessionIds) {
      if (sessionIds.length === 0) return new Set();
      const rows = await db
        .select({ id: authSessions.id })
        .from(authSessions)
        .where(and(inArray(authSessions.id, [...sessionIds]), sessionIsLive()));
      return new Set(rows.map((row) => row.id));
    },
  };

  app.decorate('auth', verifier);
  app.decorateRequest('auth', null);
  app.decorateRequest('claims', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    // decision 0027: the route's own first statement proves the session live
    if (request.routeOptions.config.sessionInStatement) return authenticateClaims(request, config.auth.secret, token);
    const auth = token ? await verifier.verify(token) : null;
    if (!auth) throw unauthorized();
    request.auth = auth;
  });
}
