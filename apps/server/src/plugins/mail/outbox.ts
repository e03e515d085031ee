import { randomUUID } from 'node:crypto';
import type { ReactElement } from 'react';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { DbExecutor } from '../../db/client';
import { emailOutbox } from './mail.tables';
import { renderEmail } from './render';

/** What a feature asks to send. The element is a React Email template. */
export interface MailMessage {
  to: string;
  subject: string;
  /** Template name, kept with the message for the mailbox and for tracing. */
  template: string;
  react: ReactElement;
  /** An address, optionally with a display name: `"Ada" <ada@example.com>`. */
  replyTo?: string;
  /** Extra X- headers, and the list headers of bulk mail (List-Unsubscribe, List-Unsubscribe-Post, List-Id). */
  headers?: Record<string, string>;
}

/** Header names a message may carry besides X- headers: those of mailing-list mail (RFC 2369, 2919, 8058). */
const LIST_HEADERS = new Set(['list-unsubscribe', 'list-unsubscribe-post', 'list-id']);

const noLineBreaks = (field: string) =>
  z.string().refine((v) => !/[\r\n]/.test(v), { message: `${field} must not contain line breaks` });

const addressWithName = z
  .string()
  .max(320)
  .refine((v) => !/[\r\n]/.test(v), 'must not contain line breaks')
  .refine((v) => {
    const match = /^(?:"[^"\\]*"\s*)?<([^<>\s]+)>$/.exec(v.trim());
    return z.email().safeParse(match ? match[1] : v.trim()).success;
  }, 'must be an e-mail address');

const messageSchema = z.object({
  to: z.email().max(254),
  subject: noLineBreaks('subject').pipe(z.string().min(1).max(998)),
  template: z.string().regex(/^[a-z0-9-]+$/),
  replyTo: addressWithName.optional(),
  headers: z
    .record(
      z
        .string()
        .refine(
          (name) => /^X-[A-Za-z0-9-]+$/.test(name) || LIST_HEADERS.has(name.toLowerCase()),
          'only X- and List- headers',
        ),
      noLineBreaks('header'),
    )
    .optional(),
});

export class InvalidMailError extends Error {
  override name = 'InvalidMailError';
}

/** A checked and rendered message, ready to be written (render outside a transaction, write inside). */
export interface PreparedMail {
  readonly prepared: true;
  to: string;
  subject: string;
  template: string;
  replyTo: string | null;
  headers: Record<string, string>;
  html: string;
  text: string;
}

/** Validates the addresses and header values, and answers the fields every prepared message carries. */
function checkMessage(message: Omit<MailMessage, 'react'>): Omit<PreparedMail, 'html' | 'text'> {
  const checked = messageSchema.safeParse(message);
  if (!checked.success) {
    throw new InvalidMailError(checked.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
  }
  return {
    prepared: true,
    to: message.to,
    subject: message.subject,
    template: message.template,
    replyTo: message.replyTo ?? null,
    headers: message.headers ?? {},
  };
}

/** HTML and text of a message. */
export interface MailBodies {
  html: string;
  text: string;
}

/**
 * A bulk message whose bodies are made when they are needed — when it is written to the outbox and
 * again just before it is sent — from a rendering shared by every recipient (bulk mail renders once
 * and fills in each recipient's links). A batch waiting for its turn holds no copy of its bodies:
 * kept, they outlived the young generation and filled the old one with garbage (≈ 10 KB a message).
 * `bodies` must give the same result every time (the outbox row is what a resend uses).
 */
export type BulkMailMessage = Omit<MailMessage, 'react'> & { bodies(): MailBodies };

/** A checked bulk message (addresses, CR/LF-free headers), its bodies still to be made. */
export interface PreparedBulkMail extends Omit<PreparedMail, 'html' | 'text'> {
  bodies(): MailBodies;
}

/** The same checks as prepareMail, without rendering: cheap enough for every recipient of a campaign. */
export function prepareBulkMail(message: BulkMailMessage): PreparedBulkMail {
  return { ...checkMessage(message), bodies: message.bodies };
}

/** Validates the message, then renders the template to HTML and text. */
export async function prepareMail(message: MailMessage): Promise<PreparedMail> {
  return { ...checkMessage(message), ...(await renderEmail(message.react)) };
}

/** The outbox row of a prepared message, pending. */
const outboxRow = (id: string, mail: Omit<PreparedMail, 'prepared'>) => ({
  id,
  toAddress: mail.to,
  replyTo: mail.replyTo,
  subject: mail.subject,
  template: mail.template,
  html: mail.html,
  text: mail.text,
  headers: mail.headers,
  status: 'pending' as const,
});

/** Writes one prepared message to the outbox table (the mail plugin's `send` adds its delivery job). */
export async function writeToOutbox(db: DbExecutor, mail: PreparedMail): Promise<{ id: string }> {
  const [row] = await db.insert(emailOutbox).values(outboxRow(randomUUID(), mail)).returning({ id: emailOutbox.id });
  return { id: row!.id };
}

/** A bulk message written already claimed by its writer: the attempt, Message-ID and lease are recorded with it. */
export interface ClaimedMail extends PreparedBulkMail {
  id: string;
  messageId: string;
}

/**
 * Writes several prepared messages in one statement, already claimed for delivery by the caller
 * (attempt 1, their Message-ID and a lease of `leaseSeconds`), so sending each costs no claim of
 * its own. Should the caller die before an outcome is recorded, the lease runs out and the outbox
 * sweep sends the message again with the same Message-ID, as for any interrupted attempt.
 */
export async function writeClaimedToOutbox(
  db: DbExecutor,
  mails: PreparedBulkMail[],
  messageIdOf: (id: string) => string,
  leaseSeconds: number,
): Promise<ClaimedMail[]> {
  if (mails.length === 0) return [];
  const claimed = mails.map((mail) => {
    const id = randomUUID();
    return { ...mail, id, messageId: messageIdOf(id) };
  });
  await db.insert(emailOutbox).values(
    claimed.map((mail) => ({
      ...outboxRow(mail.id, { ...mail, ...mail.bodies() }),
      attempts: 1,
      messageId: mail.messageId,
      lockedUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
    })),
  );
  return claimed;
}

/** The backlog: messages waiting for delivery, and messages given up on. */
export async function countOutbox(db: DbExecutor): Promise<{ pending: number; failed: number }> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) filter (where ${emailOutbox.status} = 'pending')::int`,
      failed: sql<number>`count(*) filter (where ${emailOutbox.status} = 'failed')::int`,
    })
    .from(emailOutbox);
  return { pending: Number(row?.pending ?? 0), failed: Number(row?.failed ?? 0) };
}
