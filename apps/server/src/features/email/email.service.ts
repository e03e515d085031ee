import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { CONTACT_SUBJECT, type ContactRequest, type SubscribeRequest } from '@tp/shared';
import type { AppConfig } from '../../config';
import type { Database, Db } from '../../db/client';
import { contactMessages, newsletterSubscriptions, oneTimeTokens } from '../../db/schema';
import type { MailService } from '../../plugins/mail';
import { ContactMessageEmail } from './templates/contact-message-email';
import { NewsletterConfirmEmail } from './templates/newsletter-confirm-email';

type Parsed<T> = { [K in keyof T]-?: Exclude<T[K], undefined> };

export interface EmailDeps {
  database: Database;
  mailer: MailService;
  config: AppConfig;
  log: FastifyBaseLogger;
}

export const NEWSLETTER_TOKEN_TTL_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * Stores the message and its e-mail to support in one transaction (the contact row and the outbox
 * row exist together or not at all), then schedules delivery. The outbox delivers over SMTP with
 * retries, so a relay outage delays the e-mail but loses nothing; if scheduling fails after the
 * commit, the mail subsystem's sweep sends it later.
 */
export async function submitContactMessage(
  deps: EmailDeps,
  input: Parsed<ContactRequest>,
  ipAddress: string,
): Promise<{ id: string; outboxId: string }> {
  const stored = await deps.database.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ ...input, ipAddress })
      .returning({ id: contactMessages.id, createdAt: contactMessages.createdAt });
    const { id: outboxId } = await deps.mailer.write(tx as unknown as Db, {
      to: deps.config.mail.supportEmail,
      subject: CONTACT_SUBJECT, // fixed by the spec, whatever subject the visitor's client sent
      template: 'contact-message',
      // a quoted display name: commas or angle brackets in a visitor's name cannot split the address
      replyTo: `"${input.name.replace(/["\\\r\n]/g, '')}" <${input.email}>`,
      react: ContactMessageEmail({ ...input, receivedAt: row!.createdAt.toISOString() }),
      headers: { 'X-Contact-Message-Id': row!.id },
    });
    await tx.update(contactMessages).set({ outboxId }).where(eq(contactMessages.id, row!.id));
    return { id: row!.id, outboxId };
  });
  await dispatchLater(deps, stored.outboxId);
  return stored;
}

async function dispatchLater(deps: EmailDeps, outboxId: string): Promise<void> {
  try {
    await deps.mailer.dispatch(outboxId);
  } catch (error) {
    deps.log.warn({ err: error, outboxId }, 'e-mail stored in the outbox; the sweep will schedule its delivery');
  }
}

/**
 * Double opt-in: records a pending subscription and e-mails a confirmation link. A confirmed
 * subscriber asking again for lists they already have gets no e-mail (and the same answer).
 */
export async function requestSubscription(
  deps: EmailDeps,
  input: Parsed<SubscribeRequest>,
): Promise<{ sent: boolean }> {
  const lists = [...new Set(input.lists)];
  const [existing] = await deps.database.db
    .select()
    .from(newsletterSubscriptions)
    .where(eq(newsletterSubscriptions.email, input.email));
  if (existing?.status === 'confirmed' && lists.every((list) => existing.lists.includes(list))) return { sent: false };
  if (!existing) {
    await deps.database.db
      .insert(newsletterSubscriptions)
      .values({ email: input.email, name: input.name, lists, status: 'pending' })
      .onConflictDoNothing();
  } else if (existing.status !== 'confirmed') {
    await deps.database.db
      .update(newsletterSubscriptions)
      .set({ name: input.name || existing.name, status: 'pending' })
      .where(eq(newsletterSubscriptions.id, existing.id));
  }

  const token = randomBytes(32).toString('base64url');
  const confirmUrl = `${deps.config.publicUrl}/newsletter/confirm?token=${encodeURIComponent(token)}`;
  const outboxId = await deps.database.db.transaction(async (tx) => {
    await tx.insert(oneTimeTokens).values({
      purpose: 'newsletter_confirm',
      tokenHash: hashToken(token),
      email: input.email,
      payload: { lists, name: input.name },
      expiresAt: new Date(Date.now() + NEWSLETTER_TOKEN_TTL_DAYS * DAY_MS),
    });
    const { id } = await deps.mailer.write(tx as unknown as Db, {
      to: input.email,
      subject: 'Confirm your subscription to the Trading Portal newsletter',
      template: 'newsletter-confirm',
      react: NewsletterConfirmEmail({ name: input.name, confirmUrl, lists, expiresInDays: NEWSLETTER_TOKEN_TTL_DAYS }),
    });
    return id;
  });
  await dispatchLater(deps, outboxId);
  return { sent: true };
}

/** Consumes a confirmation token (once, before it expires) and confirms the subscription. */
export async function confirmSubscription(
  database: Database,
  token: string,
): Promise<{ email: string; lists: string[] } | null> {
  const [consumed] = await database.db
    .update(oneTimeTokens)
    .set({ consumedAt: new Date() })
    .where(
      and(
        eq(oneTimeTokens.tokenHash, hashToken(token)),
        eq(oneTimeTokens.purpose, 'newsletter_confirm'),
        isNull(oneTimeTokens.consumedAt),
        gt(oneTimeTokens.expiresAt, new Date()),
      ),
    )
    .returning({ email: oneTimeTokens.email, payload: oneTimeTokens.payload });
  if (!consumed?.email) return null;
  const payload = consumed.payload as { lists?: unknown; name?: unknown };
  const lists = Array.isArray(payload.lists)
    ? payload.lists.filter((l): l is string => typeof l === 'string')
    : ['general'];
  const name = typeof payload.name === 'string' ? payload.name : '';
  const [row] = await database.db
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
}

export async function outboxCounts(database: Database): Promise<{ pending: number; failed: number }> {
  const { rows } = await database.query<{ pending: string | number; failed: string | number }>(
    "select count(*) filter (where status = 'pending') as pending, count(*) filter (where status = 'failed') as failed from email_outbox",
  );
  return { pending: Number(rows[0]?.pending ?? 0), failed: Number(rows[0]?.failed ?? 0) };
}
