import type { FastifyInstance } from 'fastify';
import type { DbExecutor } from '../../db/client';
import type { Deps } from '../../deps';
import {
  createOutcomeRecorder,
  deliverClaimedMessages,
  deliverOutboxMessage,
  findStalledMessages,
  LEASE_SECONDS,
  outboxMessageId,
} from './delivery';
import { countOutbox, prepareBulkMail, prepareMail, writeClaimedToOutbox, writeToOutbox } from './outbox';
import { takeSendPermits } from './send-rate';
import { createRelayMonitor } from './relay-monitor';
import { createTransport } from './transport';
import type { Mail } from './mail';

export type { BulkMailMessage, ClaimedMail, MailBodies, MailMessage, PreparedBulkMail, PreparedMail } from './outbox';
export type { SendPermit } from './send-rate';
export type { Mail } from './mail';
export { InvalidMailError } from './outbox';

export const MAIL_QUEUE = 'email-deliver';
const SWEEP_EVERY_MS = 30_000;
const RELAY_CHECK_EVERY_MS = 60_000;
const STALLED_AFTER_SECONDS = 20;
/** A bulk message that failed for now waits this long before its delivery job tries again. */
const RETRY_AFTER_SECONDS = 5;

/**
 * The mail subsystem: every message goes to the outbox table first, then a job delivers it (SMTP,
 * or the dev mailbox). Retries back off; a sweep re-schedules pending mail whose job was lost.
 */
export async function registerMail(app: FastifyInstance, deps: Omit<Deps, 'mail'>): Promise<Mail> {
  const { connection, jobs, config } = deps;
  const transport = createTransport(config);
  const relay = createRelayMonitor(transport.verify, app.log);

  await jobs.define<{ outboxId: string }>(
    MAIL_QUEUE,
    async ({ outboxId }, job) => {
      await deliverOutboxMessage(connection, transport, config.mail.from, outboxId, job.log, { relay });
    },
    // at most one queued and one running job per message
    {
      policy: 'stately',
      retryLimit: 12,
      retryDelay: 5,
      retryBackoff: true,
      // a worker that died mid-delivery: its job is retried this soon (a live one renews its lease)
      expireInSeconds: 2 * LEASE_SECONDS,
      pollingIntervalSeconds: 0.5,
    },
  );

  const recorder = createOutcomeRecorder(connection);
  const enqueueDelivery = (executor: DbExecutor, id: string) =>
    jobs.enqueue(executor, MAIL_QUEUE, { outboxId: id }, { singletonKey: id });

  // re-enqueues pending mail whose job was lost (a restart, a job that gave up)
  jobs.every(
    'mail-outbox-sweep',
    SWEEP_EVERY_MS,
    async () => {
      for (const id of await findStalledMessages(connection, STALLED_AFTER_SECONDS))
        await enqueueDelivery(connection.db, id);
    },
    { atStart: true },
  );
  if (transport.verify) jobs.every('mail-relay-check', RELAY_CHECK_EVERY_MS, relay.check, { atStart: true });
  app.addHook('onClose', async () => transport.close());

  return {
    async send(executor, message) {
      const mail = 'prepared' in message ? message : await prepareMail(message);
      // a savepoint inside the caller's transaction, or a transaction of its own
      return executor.transaction(async (tx) => {
        const written = await writeToOutbox(tx, mail);
        await enqueueDelivery(tx, written.id);
        return written;
      });
    },
    prepare: prepareMail,
    prepareBulk: prepareBulkMail,
    writeClaimed: (executor, messages) => writeClaimedToOutbox(executor, messages, outboxMessageId, LEASE_SECONDS),
    async deliverClaimed(messages) {
      const outcomes = await deliverClaimedMessages(
        connection,
        transport,
        config.mail.from,
        messages,
        app.log,
        recorder,
        {
          relay,
        },
      );
      return Promise.all(
        outcomes.map(async (outcome, i) => {
          if (outcome !== 'retry') return outcome;
          // the lease is ended and the error recorded; the job's backoff takes it from here
          await jobs.enqueue(
            connection.db,
            MAIL_QUEUE,
            { outboxId: messages[i]!.id },
            {
              singletonKey: messages[i]!.id,
              // a Date: a number of seconds does not survive the adapter's typed parameters
              startAfter: new Date(Date.now() + RETRY_AFTER_SECONDS * 1000),
            },
          );
          return 'retrying' as const;
        }),
      );
    },
    takeSendPermits: (wanted) => takeSendPermits(connection, wanted, config.mail.ratePerSecond),
    relayStatus: () => relay.status(),
    outboxCounts: () => countOutbox(connection.db),
  };
}
