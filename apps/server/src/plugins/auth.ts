import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { authSessions } from '../db/schema';
import { verifyAccessToken } from '../features/auth/tokens';
import { unauthorized } from './errors';

export interface RequestAuth {
  userId: string;
  sessionId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: RequestAuth | null;
  }
  interface FastifyInstance {
    /** preHandler for signed-in routes: a valid access token whose session is still live. */
    authenticate(request: FastifyRequest): Promise<void>;
  }
}

/** The signed-in user of a route behind `app.authenticate`. */
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

const LAST_SEEN_RESOLUTION = sql`interval '1 minute'`;

export function registerAuth(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request);
    const claims = token ? await verifyAccessToken(app.config.auth.secret, token) : null;
    if (!claims) throw unauthorized();
    // Every request checks the session, so a logout or a revoked device takes effect at once.
    const live = await app.database.db
      .select({ id: authSessions.id })
      .from(authSessions)
      .where(
        and(
          eq(authSessions.id, claims.sessionId),
          eq(authSessions.userId, claims.userId),
          isNull(authSessions.revokedAt),
          gt(authSessions.expiresAt, sql`now()`),
        ),
      );
    if (live.length === 0) throw unauthorized();
    request.auth = claims;
    await app.database.db
      .update(authSessions)
      .set({ lastSeenAt: sql`now()` })
      .where(
        and(eq(authSessions.id, claims.sessionId), lt(authSessions.lastSeenAt, sql`now() - ${LAST_SEEN_RESOLUTION}`)),
      );
  });
}
