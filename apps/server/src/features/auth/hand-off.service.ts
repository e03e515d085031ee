import { and, eq } from 'drizzle-orm';
import { AUTH, MESSAGES } from '@tp/shared';
import type { Deps } from '../../deps';
import { sessionIsLive, type RequestAuth } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { consumeOneTimeToken, issueOneTimeToken } from '../../plugins/tokens/one-time-tokens';
import { recordSignIn } from '../activity';
import { authSessions } from './auth.tables';
import { getUser } from './profile.service';
import { createSession, type ClientContext } from './sessions.service';
import { toUserView } from './user-view';

const invalidSessionToken = () => new AppError(400, MESSAGES.badSessionToken, 'INVALID_TOKEN');

/** A one-time token that signs another device or tab into a new session of the same user. */
export async function createHandOffToken(
  deps: Deps,
  auth: RequestAuth,
): Promise<{ sessionToken: string; expiresAt: string }> {
  const { token, expiresAt } = await issueOneTimeToken(deps.db, {
    purpose: 'session_handoff',
    ttlMs: AUTH.sessionTokenTtlMs,
    userId: auth.userId,
    // the hand-off dies with the session that made it (a logout takes effect at once)
    payload: { sessionId: auth.sessionId },
  });
  return { sessionToken: token, expiresAt: expiresAt.toISOString() };
}

export async function exchangeHandOffToken(deps: Deps, sessionToken: string, client: ClientContext) {
  return deps.db.transaction(async (tx) => {
    const consumed = await consumeOneTimeToken(tx, 'session_handoff', sessionToken);
    if (!consumed?.userId) throw invalidSessionToken();
    const from = (consumed.payload as { sessionId?: string }).sessionId;
    const [source] = from
      ? await tx
          .select({ id: authSessions.id })
          .from(authSessions)
          .where(and(eq(authSessions.id, from), sessionIsLive()))
      : [];
    if (!source) throw invalidSessionToken();
    const user = await getUser(tx, consumed.userId);
    const session = await createSession(deps, tx, user.id, false, client);
    await recordSignIn(tx, user, client.timeZone);
    return { session, user: toUserView(user) };
  });
}
