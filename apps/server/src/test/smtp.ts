export { startTestSmtp, type TestSmtp, type TestSmtpOptions } from './smtp-server';
import { vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emailOutbox } from '../db/schema';

export type OutboxRow = typeof emailOutbox.$inferSelect;

const delivered = (row: OutboxRow) => row.status === 'sent' || row.status === 'dev_mailbox';

/**
 * Waits until an outbox row reaches a state (by default: delivered, over SMTP or to the dev
 * mailbox) and returns it; fails naming the row's last state when the time is up.
 */
export function waitForOutboxRow(
  app: FastifyInstance,
  id: string,
  done: (row: OutboxRow) => boolean = delivered,
  timeoutMs = 30_000,
): Promise<OutboxRow> {
  return vi.waitFor(
    async () => {
      const [row] = await app.deps.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
      if (row && done(row)) return row;
      throw new Error(
        `outbox row ${id} did not reach the expected state within ${timeoutMs} ms: ${JSON.stringify(row ?? null)}`,
      );
    },
    { timeout: timeoutMs, interval: 50 },
  );
}
