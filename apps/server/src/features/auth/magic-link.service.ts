import { eq, sql } from 'drizzle-orm';
import { AUTH, MAILED_PAGES, MESSAGES, type MagicLinkResponse, type PlanId, type User } from '@tp/shared';
import type { Deps } from '../../deps';
import { AppError, conflict } from '../../plugins/errors';
import { consumeOneTimeToken, issueOneTimeToken } from '../../plugins/tokens/one-time-tokens';
import { recordSignIn } from '../activity';
import { users } from '../users/users.tables';
import { MagicLinkEmail } from './emails/magic-link-email';
import { admitLinkTo, forgetLinksTo } from './link-throttle';
import { findUserByEmail } from './profile.service';
import { createSession, type ClientContext, type IssuedSession } from './sessions.service';
import { toUserView } from './user-view';

const invalidMagicLink = () => new AppError(400, MESSAGES.badMagicLink, 'INVALID_TOKEN');

interface MagicLinkPayload {
  name?: string;
  redirectTo?: string | null;
  rememberMe?: boolean;
  /** The plan chosen on the pricing section before signing up (absent in links issued before plans). */
  plan?: PlanId | null;
}

export async function requestMagicLink(
  deps: Deps,
  input: {
    email: string;
    name?: string;
    mode: 'signin' | 'signup';
    redirectTo?: string;
    rememberMe?: boolean;
    plan?: PlanId;
  },
): Promise<MagicLinkResponse> {
  const existing = await findUserByEmail(deps.db, input.email);
  if (input.mode === 'signup' && existing) throw conflict();

  // An unknown address in sign-in mode gets a link too (isNewUser: true); the account is created
  // when the link is verified, so typos and abuse leave no unverified accounts behind
  // (docs/decisions/0011-magic-link-unknown-address.md).
  const isNewUser = !existing;
  const { link, nextLinkInSeconds } = await deps.db.transaction(async (tx) => {
    // first: a refused request rolls back having counted and written nothing
    const { nextLinkInSeconds } = await admitLinkTo(tx, input.email);
    const { token } = await issueOneTimeToken(tx, {
      purpose: 'magic_link',
      ttlMs: AUTH.magicLinkTtlMs,
      email: input.email,
      userId: existing?.id ?? null,
      payload: {
        name: input.name ?? '',
        redirectTo: input.redirectTo ?? null,
        rememberMe: input.rememberMe ?? false,
        plan: input.plan ?? null,
      } satisfies MagicLinkPayload,
    });
    // The link opens the SPA, which POSTs the token: a mail scanner fetching the link consumes nothing.
    const url = `${deps.config.publicUrl}${MAILED_PAGES.login}?token=${encodeURIComponent(token)}`;
    await deps.mail.send(tx, {
      to: input.email,
      subject: isNewUser ? 'Confirm your e-mail for Trading Portal' : 'Your Trading Portal sign-in link',
      template: 'magic-link',
      react: MagicLinkEmail({
        name: existing?.name || input.name || '',
        link: url,
        isNewUser,
        expiresInMinutes: AUTH.magicLinkTtlMs / 60_000,
      }),
    });
    return { link: url, nextLinkInSeconds };
  });
  if (deps.config.mail.devMailbox) {
    // no SMTP relay: the link is also in the log and in the dev mailbox (never once a relay is set)
    deps.log.info({ email: input.email, magicLink: link }, 'magic link (dev mailbox)');
  }
  return { message: 'Magic link sent! Check your email to sign in.', isNewUser, nextLinkInSeconds };
}

export async function verifyMagicLink(
  deps: Deps,
  input: { token: string; rememberMe?: boolean },
  client: ClientContext,
): Promise<{ session: IssuedSession; user: User; isNewUser: boolean; rememberMe: boolean; redirectTo: string | null }> {
  return deps.db.transaction(async (tx) => {
    const consumed = await consumeOneTimeToken(tx, 'magic_link', input.token);
    if (!consumed || !consumed.email) throw invalidMagicLink();
    const payload = consumed.payload as MagicLinkPayload;
    await forgetLinksTo(tx, consumed.email);

    const [inserted] = await tx
      .insert(users)
      .values({
        email: consumed.email,
        name: payload.name ?? '',
        emailVerifiedAt: new Date(),
        ...(payload.plan ? { plan: payload.plan } : {}),
      })
      .onConflictDoNothing({ target: users.email })
      .returning();
    let user = inserted;
    if (!user) {
      [user] = await tx
        .update(users)
        .set({
          emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
          name: sql`case when ${users.name} = '' then ${payload.name ?? ''} else ${users.name} end`,
          // a plan chosen on the way in is the account's plan from now on
          ...(payload.plan ? { plan: payload.plan } : {}),
          updatedAt: sql`now()`,
        })
        .where(eq(users.email, consumed.email))
        .returning();
    }
    const rememberMe = input.rememberMe ?? payload.rememberMe ?? false;
    const session = await createSession(deps, tx, user!.id, rememberMe, client);
    await recordSignIn(tx, user!, client.timeZone);
    return {
      session,
      user: toUserView(user!),
      isNewUser: Boolean(inserted),
      rememberMe,
      redirectTo: payload.redirectTo ?? null,
    };
  });
}
