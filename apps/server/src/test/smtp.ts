export { startTestSmtp, type TestSmtp, type TestSmtpOptions } from './smtp-server';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emailOutbox } from '../db/schema';

export type OutboxRow = typeof emailOutbox.$inferSelect;

const delivered = (row: OutboxRow) => row.status === 'sent' || row.status === 'dev_mailbox';

/**
 * Waits until an outbox row reaches a state (by default: delivered, over SMTP or to the dev
 * mailbox) and returns it; fails naming the row's last state when the time is up.
 */
export async function waitForOutboxRow(
  app: FastifyInstance,
  id: string,
  done: (row: OutboxRow) => boolean = delivered,
  timeoutMs = 30_000,
): Promise<OutboxRow> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await app.deps.database.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
    if (row && done(row)) return row;
    if (Date.now() > deadline) {
      throw new Error(
        `outbox row ${id} did not reach the expected state within ${timeoutMs} ms: ${JSON.stringify(row ?? null)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
