import { and, gt, isNull, sql } from 'drizzle-orm';
import { authSessions } from '../../features/auth/auth.tables';

/** A session still in use: not revoked and not expired, by the database's clock. */
export const sessionIsLive = () => and(isNull(authSessions.revokedAt), gt(authSessions.expiresAt, sql`now()`));

/** The same condition for statements written as text, on the sessions table aliased `alias`. */
export const sessionIsLiveSql = (alias: string) => `${alias}.revoked_at is null and ${alias}.expires_at > now()`;
