import type { DbExecutor } from '../../db/client';
import type { BulkMailMessage, ClaimedMail, MailMessage, PreparedBulkMail, PreparedMail } from './outbox';
import type { RelayStatus } from './relay-monitor';
import type { SendPermit } from './send-rate';

/** What the mail subsystem offers the rest of the server (`deps.mail`; built by registerMail in index.ts). */
export interface Mail {
  /**
   * Sends one message: writes it to the outbox and enqueues its delivery job through `executor`.
   * Inside a transaction both exist if and only if it commits. A message is rendered first unless
   * it is already prepared; on a busy transaction, `prepare` before opening it.
   */
  send(executor: DbExecutor, message: MailMessage | PreparedMail): Promise<{ id: string }>;
  /** Validates and renders a message (addresses, CR/LF-free headers, React Email to HTML and text). */
  prepare(message: MailMessage): Promise<PreparedMail>;
  /** The same checks for a bulk message, whose bodies are made on demand (rendered once, links filled in per recipient). */
  prepareBulk(message: BulkMailMessage): PreparedBulkMail;
  /**
   * Bulk sending: writes messages to the outbox already claimed by this process (attempt, Message-ID
   * and lease recorded, no delivery job), for a caller that delivers them at once with
   * `deliverClaimed` (paced by `takeSendPermits`). Should it die in between, their leases run out
   * and the sweep sends them with the same Message-ID.
   */
  writeClaimed(executor: DbExecutor, messages: PreparedBulkMail[]): Promise<ClaimedMail[]>;
  /**
   * Delivers claimed messages now, in this process, one after the other, each outcome recorded
   * before the next goes out. A temporary failure hands the message to its delivery job, which
   * retries with backoff: 'retrying'.
   */
  deliverClaimed(messages: ClaimedMail[]): Promise<Array<'sent' | 'dev_mailbox' | 'failed' | 'retrying'>>;
  /** Draws from the deployment-wide send rate (MAIL_RATE_PER_SECOND) for bulk mail. */
  takeSendPermits(wanted: number): Promise<SendPermit>;
  /** The SMTP relay as last seen (checked every minute and by every delivery); 'dev' without one. */
  relayStatus(): Promise<RelayStatus>;
  /** The outbox backlog: messages waiting for delivery, and messages given up on. */
  outboxCounts(): Promise<{ pending: number; failed: number }>;
}
