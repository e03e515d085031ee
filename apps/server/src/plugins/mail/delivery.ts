import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { emailOutbox } from './mail.tables';
import { relayUnreachable, type RelayMonitor } from './relay-monitor';
import type { MailTransport } from './transport';

const LOCK_SECONDS = 120;

/** SMTP 5xx answers are permanent (unknown mailbox, rejected content): retrying cannot help. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * Delivers one outbox message at most once: the row is claimed with a conditional update, so a
 * duplicate job or a second instance finds nothing to do. A transient failure releases the claim
 * and rethrows, so the job is retried with backoff; the row stays pending until it goes out.
 */
export async function deliverOutboxMessage(
  database: Database,
  transport: MailTransport,
  from: string,
  id: string,
  log: FastifyBaseLogger,
  relay?: Pick<RelayMonitor, 'observe'>,
): Promise<'sent' | 'dev_mailbox' | 'failed' | 'skipped'> {
  const [row] = await database.db
    .update(emailOutbox)
    .set({
      attempts: sql`${emailOutbox.attempts} + 1`,
      lockedUntil: sql`now() + make_interval(secs => ${LOCK_SECONDS})`,
    })
    .where(
      and(
        eq(emailOutbox.id, id),
        eq(emailOutbox.status, 'pending'),
        or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, sql`now()`)),
      ),
    )
    .returning();
  if (!row) return 'skipped';

  try {
    const result = await transport.deliver({
      from,
      to: row.toAddress,
      replyTo: row.replyTo,
      subject: row.subject,
      html: row.html,
      text: row.text,
      headers: row.headers,
      messageId: `<${row.id}@trading-portal>`,
    });
    relay?.observe(true);
    await database.db
      .update(emailOutbox)
      .set({
        status: result.status,
        messageId: result.status === 'sent' ? result.messageId : null,
        sentAt: new Date(),
        lockedUntil: null,
        lastError: null,
      })
      .where(eq(emailOutbox.id, id));
    return result.status;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const permanent = isPermanent(error);
    // a refusal is an answer from a working relay; a connection that fails is not
    relay?.observe(!relayUnreachable(error));
    await database.db
      .update(emailOutbox)
      .set({ lastError: message.slice(0, 1000), lockedUntil: null, ...(permanent ? { status: 'failed' } : {}) })
      .where(eq(emailOutbox.id, id));
    log.warn({ outboxId: id, attempts: row.attempts, permanent, err: message }, 'e-mail delivery failed');
    if (permanent) return 'failed';
    throw error;
  }
}

/** Pending messages nobody is delivering right now (after a restart, or after the job gave up). */
export async function findStalledMessages(
  database: Database,
  olderThanSeconds: number,
  limit = 200,
): Promise<string[]> {
  const rows = await database.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, 'pending'),
        or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, sql`now()`)),
        lt(emailOutbox.createdAt, sql`now() - make_interval(secs => ${olderThanSeconds})`),
      ),
    )
    .orderBy(emailOutbox.createdAt)
    .limit(limit);
  return rows.map((r) => r.id);
}
