import { and, eq, gt, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Connection } from '../../db/client';
import { safeErrorMessage } from '../log-safety';
import { emailOutbox } from './mail.tables';
import { relayUnreachable, type RelayMonitor } from './relay-monitor';
import type { MailTransport } from './transport';

/**
 * How long a claim on a message lasts without news from its worker. The worker renews it while the
 * relay talks, so it only has to outlast one renewal; after a crash it runs out this soon.
 */
export const LEASE_SECONDS = 30;

export const INTERRUPTED_NOTE =
  'The previous delivery attempt was interrupted before its outcome was recorded (the process stopped); sent again with the same Message-ID';

/** The Message-ID of an outbox message: the same on every attempt, so receivers can de-duplicate. */
export function outboxMessageId(id: string): string {
  return `<${id}@trading-portal>`;
}

/** SMTP 5xx answers are permanent (unknown mailbox, rejected content): retrying cannot help. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: number }).responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

const leaseFromNow = (seconds: number) => sql`now() + make_interval(secs => ${seconds})`;

/**
 * Claims a pending message nobody holds, recording the attempt and its Message-ID before the
 * relay hears of it. A lease that ran out without a recorded outcome means the last attempt was
 * interrupted: the relay may already have the message.
 */
async function claim(connection: Connection, id: string, leaseSeconds: number) {
  return connection.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ lockedUntil: emailOutbox.lockedUntil, lastError: emailOutbox.lastError })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.id, id),
          eq(emailOutbox.status, 'pending'),
          or(isNull(emailOutbox.lockedUntil), lt(emailOutbox.lockedUntil, sql`now()`)),
        ),
      )
      .for('update');
    if (!current) return null;
    // every attempt that ends, ends by clearing the lease: one still set was cut short
    const interrupted = current.lockedUntil !== null;
    const [row] = await tx
      .update(emailOutbox)
      .set({
        attempts: sql`${emailOutbox.attempts} + 1`,
        lockedUntil: leaseFromNow(leaseSeconds),
        messageId: outboxMessageId(id),
        lastError: interrupted ? INTERRUPTED_NOTE : current.lastError,
      })
      .where(eq(emailOutbox.id, id))
      .returning();
    return { row: row!, interrupted };
  });
}

/** Keeps the lease while the relay is slow, so no other worker takes the message over meanwhile. */
function renewWhileDelivering(
  connection: Connection,
  id: string,
  attempt: number,
  leaseSeconds: number,
  log: FastifyBaseLogger,
) {
  // not jobs.every: this timer lives for one delivery (started with its claim, cleared with its outcome)
  const timer = setInterval(
    () => {
      connection.db
        .update(emailOutbox)
        .set({ lockedUntil: leaseFromNow(leaseSeconds) })
        .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'pending'), eq(emailOutbox.attempts, attempt)))
        .catch((error: unknown) => log.warn({ outboxId: id, err: error }, 'could not renew the delivery lease'));
    },
    (leaseSeconds * 1000) / 3,
  );
  timer.unref();
  return () => clearInterval(timer);
}

export interface DeliveryOptions {
  relay?: Pick<RelayMonitor, 'observe'>;
  leaseSeconds?: number;
}

/**
 * Delivers one outbox message: at least once, and more than once only for a message in flight
 * when a process died (same Message-ID). The row is claimed with a conditional update, so a
 * duplicate job or a second instance finds nothing to do. A transient failure releases the claim
 * and rethrows, so the job is retried with backoff; the row stays pending until it goes out.
 */
export async function deliverOutboxMessage(
  connection: Connection,
  transport: MailTransport,
  from: string,
  id: string,
  log: FastifyBaseLogger,
  { relay, leaseSeconds = LEASE_SECONDS }: DeliveryOptions = {},
): Promise<'sent' | 'dev_mailbox' | 'failed' | 'skipped'> {
  const claimed = await claim(connection, id, leaseSeconds);
  if (!claimed) return 'skipped';
  const { row, interrupted } = claimed;
  const messageId = outboxMessageId(id);
  if (interrupted) {
    log.warn(
      { outboxId: id, messageId, attempts: row.attempts },
      'e-mail sent again: its previous delivery attempt was interrupted, and the relay may already have it (same Message-ID)',
    );
  }

  const stopRenewing = renewWhileDelivering(connection, id, row.attempts, leaseSeconds, log);
  try {
    const result = await transport.deliver({
      from,
      to: row.toAddress,
      replyTo: row.replyTo,
      subject: row.subject,
      html: row.html,
      text: row.text,
      headers: row.headers,
      messageId,
    });
    stopRenewing();
    relay?.observe(true);
    await connection.db
      .update(emailOutbox)
      .set({
        status: result.status,
        messageId: result.status === 'sent' ? messageId : null,
        sentAt: new Date(),
        lockedUntil: null,
      })
      .where(eq(emailOutbox.id, id));
    return result.status;
  } catch (error) {
    stopRenewing();
    if ((await recordFailure(connection, id, row.attempts, error, log, relay)) === 'failed') return 'failed';
    throw error;
  }
}

/** Ends an attempt that failed: a 5xx fails the message, anything else leaves it pending for a retry. */
async function recordFailure(
  connection: Connection,
  id: string,
  attempts: number,
  error: unknown,
  log: FastifyBaseLogger,
  relay: DeliveryOptions['relay'],
): Promise<'failed' | 'retry'> {
  const permanent = isPermanent(error);
  // a refusal is an answer from a working relay; a connection that fails is not
  relay?.observe(!relayUnreachable(error));
  await connection.db
    .update(emailOutbox)
    .set({
      lastError: safeErrorMessage(error).slice(0, 1000),
      lockedUntil: null,
      ...(permanent ? { status: 'failed' } : {}),
    })
    .where(eq(emailOutbox.id, id));
  log.warn({ outboxId: id, attempts, permanent, err: error }, 'e-mail delivery failed');
  return permanent ? 'failed' : 'retry';
}

export type DeliveredStatus = 'sent' | 'dev_mailbox';

/**
 * Records delivery outcomes in groups: each caller waits until its own outcome is stored (so a
 * worker has at most one message sent but unrecorded, the duplicate window of decision 0019), and
 * the outcomes that arrive while one statement runs are written together by the next.
 */
export function createOutcomeRecorder(connection: Connection) {
  let waiting: Array<{ id: string; status: DeliveredStatus; done: (error?: unknown) => void }> = [];
  let writing = false;
  const drain = async () => {
    writing = true;
    while (waiting.length > 0) {
      const group = waiting;
      waiting = [];
      try {
        const values = group.map((o) => sql`(${o.id}::uuid, ${o.status})`);
        await connection.db.execute(sql`
          update email_outbox o
          set status = v.status, sent_at = now(), locked_until = null,
              message_id = case when v.status = 'sent' then o.message_id end
          from (values ${sql.join(values, sql`, `)}) as v(id, status)
          where o.id = v.id`);
        for (const o of group) o.done();
      } catch (error) {
        for (const o of group) o.done(error);
      }
    }
    writing = false;
  };
  return {
    record(id: string, status: DeliveredStatus): Promise<void> {
      return new Promise((resolve, reject) => {
        waiting.push({ id, status, done: (error) => (error === undefined ? resolve() : reject(error)) });
        if (!writing) void drain();
      });
    },
  };
}

export type OutcomeRecorder = ReturnType<typeof createOutcomeRecorder>;

/** Keeps the leases of a claimed batch while it is delivered (only rows still in their first attempt). */
function renewBatchWhileDelivering(
  connection: Connection,
  ids: string[],
  leaseSeconds: number,
  log: FastifyBaseLogger,
) {
  // not jobs.every: this timer lives for one batch's delivery, not the app's
  const timer = setInterval(
    () => {
      connection.db
        .update(emailOutbox)
        .set({ lockedUntil: leaseFromNow(leaseSeconds) })
        .where(
          and(
            inArray(emailOutbox.id, ids),
            eq(emailOutbox.status, 'pending'),
            eq(emailOutbox.attempts, 1),
            isNotNull(emailOutbox.lockedUntil),
          ),
        )
        .catch((error: unknown) => log.warn({ err: error }, 'could not renew the delivery leases of a batch'));
    },
    (leaseSeconds * 1000) / 3,
  );
  timer.unref();
  return () => clearInterval(timer);
}

export interface ClaimedDelivery {
  id: string;
  messageId: string;
  to: string;
  replyTo: string | null;
  subject: string;
  /** Made just before the message is sent (the same bodies as its outbox row). */
  bodies(): { html: string; text: string };
  headers: Record<string, string>;
}

/**
 * Delivers messages written already claimed (`writeClaimedToOutbox`), one after the other, without
 * a claim per message: each outcome is recorded before the next message goes out. A temporary
 * failure leaves the message pending with its lease ended ('retry': the caller hands it to its
 * delivery job); a 5xx fails it.
 */
export async function deliverClaimedMessages(
  connection: Connection,
  transport: MailTransport,
  from: string,
  messages: ClaimedDelivery[],
  log: FastifyBaseLogger,
  recorder: OutcomeRecorder,
  { relay, leaseSeconds = LEASE_SECONDS }: DeliveryOptions = {},
): Promise<Array<DeliveredStatus | 'failed' | 'retry'>> {
  const outcomes: Array<DeliveredStatus | 'failed' | 'retry'> = [];
  const stopRenewing = renewBatchWhileDelivering(
    connection,
    messages.map((m) => m.id),
    leaseSeconds,
    log,
  );
  try {
    for (const message of messages) {
      let status: DeliveredStatus;
      try {
        const { html, text } = message.bodies();
        status = (
          await transport.deliver({
            from,
            to: message.to,
            replyTo: message.replyTo,
            subject: message.subject,
            html,
            text,
            headers: message.headers,
            messageId: message.messageId,
          })
        ).status;
      } catch (error) {
        outcomes.push(await recordFailure(connection, message.id, 1, error, log, relay));
        continue;
      }
      relay?.observe(true);
      await recorder.record(message.id, status);
      outcomes.push(status);
    }
  } finally {
    stopRenewing();
  }
  return outcomes;
}

/**
 * Ends the leases a stopped process left, keeping them set (so the next attempt knows it is a
 * resend). Only where no other process can be delivering: the embedded database.
 */
export async function endInterruptedLeases(connection: Connection): Promise<number> {
  const ended = await connection.db
    .update(emailOutbox)
    .set({ lockedUntil: sql`now()` })
    .where(and(eq(emailOutbox.status, 'pending'), gt(emailOutbox.lockedUntil, sql`now()`)))
    .returning({ id: emailOutbox.id });
  return ended.length;
}

/** Pending messages nobody is delivering right now (after a restart, or after the job gave up). */
export async function findStalledMessages(
  connection: Connection,
  olderThanSeconds: number,
  limit = 200,
): Promise<string[]> {
  const rows = await connection.db
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
