import { desc, eq } from 'drizzle-orm';
import type { DevMailboxList, DevMailboxMessage } from '@tp/shared';
import type { Deps } from '../../deps';
import { emailOutbox } from '../../plugins/mail/mail.tables';

/** Outbox messages, newest first; only those to `to` when given. */
export async function listOutboxMessages(deps: Deps, query: { to?: string; limit: number }): Promise<DevMailboxList> {
  const rows = await deps.db
    .select()
    .from(emailOutbox)
    .where(query.to ? eq(emailOutbox.toAddress, query.to.toLowerCase()) : undefined)
    .orderBy(desc(emailOutbox.createdAt))
    .limit(query.limit);
  return {
    messages: rows.map((r) => ({
      id: r.id,
      to: r.toAddress,
      subject: r.subject,
      template: r.template,
      status: r.status,
      attempts: r.attempts,
      createdAt: r.createdAt.toISOString(),
    })),
  };
}

/** One outbox message with its HTML and text; null when there is none with this id. */
export async function getOutboxMessage(deps: Deps, id: string): Promise<DevMailboxMessage | null> {
  const [r] = await deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  if (!r) return null;
  return {
    id: r.id,
    to: r.toAddress,
    replyTo: r.replyTo,
    subject: r.subject,
    template: r.template,
    status: r.status,
    attempts: r.attempts,
    lastError: r.lastError,
    createdAt: r.createdAt.toISOString(),
    sentAt: r.sentAt?.toISOString() ?? null,
    html: r.html,
    text: r.text,
  };
}
