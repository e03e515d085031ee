import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { ensureQueue } from '../jobs';
import { deliverOutboxMessage, findStalledMessages } from './delivery';
import { prepareMail, writeToOutbox, type MailMessage, type PreparedMail } from './outbox';
import { createTransport } from './transport';

export type { MailMessage, PreparedMail } from './outbox';
export { InvalidMailError } from './outbox';

export const MAIL_QUEUE = 'email-deliver';
const SWEEP_EVERY_MS = 30_000;
const STALLED_AFTER_SECONDS = 20;

export interface MailService {
  /** Writes the message to the outbox and schedules its delivery. */
  enqueue(message: MailMessage): Promise<{ id: string }>;
  /** Validates and renders a message, so a transaction that writes it stays short. */
  prepare(message: MailMessage): Promise<PreparedMail>;
  /**
   * Writes the message inside the caller's transaction; call `dispatch(id)` after the commit.
   * (If the process stops in between, the periodic sweep sends it.)
   */
  write(tx: Db, message: MailMessage | PreparedMail): Promise<{ id: string }>;
  dispatch(id: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    mail: MailService;
  }
}

/**
 * The mail subsystem: every message goes to the outbox table first, then a pg-boss job delivers it
 * (SMTP, or the dev mailbox). Retries back off; a sweep re-schedules pending mail after restarts.
 */
export async function registerMail(app: FastifyInstance): Promise<void> {
  const { database, jobs, config } = app;
  const transport = createTransport(config);
  await ensureQueue(jobs, MAIL_QUEUE, {
    name: MAIL_QUEUE,
    // at most one queued and one running job per message
    policy: 'stately',
    retryLimit: 12,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: 120,
  });

  const workerId = await jobs.work<{ outboxId: string }>(
    MAIL_QUEUE,
    { pollingIntervalSeconds: 1, batchSize: 10 },
    async (batch) => {
      // one failure must not fail (and re-send) the rest of the batch: each job settles on its own
      for (const job of batch) {
        try {
          await deliverOutboxMessage(database, transport, config.mail.from, job.data.outboxId, app.log);
        } catch (error) {
          await jobs.fail(MAIL_QUEUE, job.id, { message: error instanceof Error ? error.message : String(error) });
        }
      }
    },
  );

  const dispatch = async (id: string) => {
    await jobs.send(MAIL_QUEUE, { outboxId: id }, { singletonKey: id });
    // wake this instance's worker now instead of at its next poll
    jobs.notifyWorker(workerId);
  };

  const sweep = async () => {
    try {
      for (const id of await findStalledMessages(database, STALLED_AFTER_SECONDS)) await dispatch(id);
    } catch (error) {
      app.log.warn({ err: error }, 'outbox sweep failed');
    }
  };
  const timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
  timer.unref();
  app.addHook('onReady', sweep);

  app.decorate('mail', {
    async enqueue(message) {
      const result = await writeToOutbox(database.db, message);
      await dispatch(result.id);
      return result;
    },
    prepare: prepareMail,
    write: (tx, message) => writeToOutbox(tx, message),
    dispatch,
  } satisfies MailService);

  app.addHook('onClose', async () => {
    clearInterval(timer);
    await jobs.offWork({ id: workerId });
    transport.close();
  });
}
