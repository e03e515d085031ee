import type { FastifyRequest } from 'fastify';
import type { Connection } from '../../db/client';
import { unauthorized } from '../errors';
import { verifyAccessToken, type AccessClaims } from './access-token';
import { sessionIsLiveSql } from './live-session';

/**
 * A signed-in route whose first statement proves the session live itself (decision 0027): with
 * `config: SESSION_IN_STATEMENT`, `app.authenticate` only verifies the access token (cached) and
 * hands the route its claims (`requireClaims`); the route's first statement selects from
 * `liveSessionFrom(…)` — one row when the session is neither revoked nor expired, none otherwise —
 * and calls `proveSession` with that row before it answers or writes anything. A route that
 * opts in and calls `requireUser` gets 401 (fail closed): it has claims, not a proven session.
 */

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `app.authenticate` verifies the token only; the route's first statement proves the session live. */
    sessionInStatement?: boolean;
  }
  interface FastifyRequest {
    /** The verified token's claims on a route with `sessionInStatement`, its session not yet proven live. */
    claims: AccessClaims | null;
  }
}

export const SESSION_IN_STATEMENT = { sessionInStatement: true } as const;

/** `app.authenticate` for a route with `sessionInStatement`: the token's signature and expiry only. */
export async function authenticateClaims(request: FastifyRequest, secret: string, token: string | null) {
  const claims = token ? await verifyAccessToken(secret, token) : null;
  if (!claims) throw unauthorized();
  request.claims = claims;
}

/** The claims of a route with `sessionInStatement`, to prove in its first statement. */
export function requireClaims(request: FastifyRequest): AccessClaims {
  if (!request.claims) throw unauthorized();
  return request.claims;
}

/** Whether the session `s`'s "last seen" is older than a minute (app.authenticate keeps it to the minute). */
export const SESSION_STALE = `s.last_seen_at < now() - interval '1 minute'`;

/**
 * A from-item (alias `live_session`) with one row when the session `sessionId` of `userId` (SQL
 * expressions, e.g. `$4`, `$1`) is live, none otherwise. Its column `session_stale` says whether
 * "last seen" is older than a minute. Drive the statement with it (`from ${liveSessionFrom(…)} left
 * join …`) so that a live session always gives a row and a dead one never does.
 */
export const liveSessionFrom = (sessionId: string, userId: string) => `(
    select ${SESSION_STALE} as session_stale from auth_sessions s
    where s.id = ${sessionId}::uuid and s.user_id = ${userId}::uuid and ${sessionIsLiveSql('s')}
  ) as live_session`;

/**
 * What the first statement found: no row (`undefined`) → 401, the same answer as `app.authenticate`.
 * "Last seen" is kept to the minute as `app.authenticate` keeps it.
 */
export async function proveSession(
  connection: Connection,
  claims: AccessClaims,
  row: { session_stale: boolean } | undefined,
): Promise<void> {
  if (!row) throw unauthorized();
  if (row.session_stale) await markSessionSeen(connection, claims.sessionId);
}

/** "Last seen" of a live session whose statement found it older than a minute. */
export async function markSessionSeen(connection: Connection, sessionId: string): Promise<void> {
  await connection.query(`update auth_sessions s set last_seen_at = now() where s.id = $1 and ${SESSION_STALE}`, [
    sessionId,
  ]);
}

/**
 * A route with `sessionInStatement` whose request takes a path without a statement of its own to
 * carry the session (a rarer query shape): the session proven alone, as `app.authenticate` would.
 */
export async function proveSessionAlone(connection: Connection, claims: AccessClaims): Promise<void> {
  const { rows } = await connection.query<{ session_stale: boolean }>(
    `select live_session.session_stale from ${liveSessionFrom('$1', '$2')}`,
    [claims.sessionId, claims.userId],
    'auth_session_alone',
  );
  await proveSession(connection, claims, rows[0]);
}
