import { and, eq, sql } from 'drizzle-orm';
import { MAILED_PAGES, type SubscribeRequest } from '@tp/shared';
import type { DbExecutor } from '../../db/client';
import type { Deps } from '../../deps';
import { consumedOneTimeToken, consumeOneTimeToken, issueOneTimeToken } from '../../plugins/tokens/one-time-tokens';
import { NewsletterConfirmEmail } from './emails/newsletter-confirm-email';
import { newsletterSubscriptions } from './newsletter.tables';

type Parsed<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export const NEWSLETTER_TOKEN_TTL_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Double opt-in: records a pending subscription and e-mails a confirmation link. A confirmed
 * subscriber asking again for lists they already have gets no e-mail (and the same answer).
 */
export async function requestSubscription(deps: Deps, input: Parsed<SubscribeRequest>): Promise<{ sent: boolean }> {
  const lists = [...new Set(input.lists)];
  const [existing] = await deps.db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, input.email));
  if (existing?.status === 'confirmed' && lists.every((list) => existing.lists.includes(list))) return { sent: false };

  await deps.db.transaction(async (tx) => {
    if (!existing) {
      await tx
        .insert(newsletterSubscriptions)
        .values({ email: input.email, name: input.name, lists, status: 'pending' })
        .onConflictDoNothing();
    } else if (existing.status !== 'confirmed') {
      await tx
        .update(newsletterSubscriptions)
        .set({ name: input.name || existing.name, status: 'pending' })
        .where(eq(newsletterSubscriptions.id, existing.id));
    }
    const { token } = await issueOneTimeToken(tx, {
      purpose: 'newsletter_confirm',
      ttlMs: NEWSLETTER_TOKEN_TTL_DAYS * DAY_MS,
      email: input.email,
      payload: { lists, name: input.name },
    });
    const confirmUrl = `${deps.config.publicUrl}${MAILED_PAGES.newsletterConfirm}?token=${encodeURIComponent(token)}`;
    await deps.mail.send(tx, {
      to: input.email,
      subject: 'Confirm your subscription to the Trading Portal newsletter',
      template: 'newsletter-confirm',
      react: NewsletterConfirmEmail({ name: input.name, confirmUrl, lists, expiresInDays: NEWSLETTER_TOKEN_TTL_DAYS }),
    });
  });
  return { sent: true };
}

/**
 * Consumes a confirmation token (once, before it expires) and confirms the subscription. The link
 * opened again once it has done so answers the confirmed subscription (`already`), not a refusal.
 */
export async function confirmSubscription(
  deps: Deps,
  token: string,
): Promise<{ email: string; lists: string[]; already?: true } | null> {
  return deps.db.transaction(async (tx) => {
    const consumed = await consumeOneTimeToken(tx, 'newsletter_confirm', token);
    if (!consumed?.email) return alreadyConfirmed(tx, token);
    const payload = consumed.payload as { lists?: unknown; name?: unknown };
    const lists = Array.isArray(payload.lists)
      ? payload.lists.filter((l): l is string => typeof l === 'string')
      : ['general'];
    const name = typeof payload.name === 'string' ? payload.name : '';
    const [row] = await tx
      .insert(newsletterSubscriptions)
      .values({ email: consumed.email, name, lists, status: 'confirmed', confirmedAt: new Date() })
      .onConflictDoUpdate({
        target: newsletterSubscriptions.email,
        set: {
          status: 'confirmed',
          confirmedAt: new Date(),
          lists: sql`(select array(select distinct unnest(${newsletterSubscriptions.lists} || excluded.lists) order by 1))`,
        },
      })
      .returning({ email: newsletterSubscriptions.email, lists: newsletterSubscriptions.lists });
    return row ?? null;
  });
}

async function alreadyConfirmed(db: DbExecutor, token: string) {
  const used = await consumedOneTimeToken(db, 'newsletter_confirm', token);
  if (!used?.email) return null;
  const [row] = await db
    .select({ email: newsletterSubscriptions.email, lists: newsletterSubscriptions.lists })
    .from(newsletterSubscriptions)
    .where(and(eq(newsletterSubscriptions.email, used.email), eq(newsletterSubscriptions.status, 'confirmed')));
  return row ? { ...row, already: true as const } : null;
}
