import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Html } from '@react-email/html';
import { Text } from '@react-email/text';
import { emailOutbox } from '../../db/schema';
import { buildTestApp, captureLog, getTestBoss, startTestSmtp, waitForOutboxRow, type TestSmtp } from '../../test/kit';
import { MAIL_QUEUE } from './index';
import { prepareMail, writeToOutbox } from './outbox';

const message = (to: string) => ({
  to,
  subject: 'Bill of lading',
  template: 'bill-of-lading',
  react: (
    <Html>
      <Text>Your bill of lading is attached.</Text>
    </Html>
  ),
});

/** A relay that keeps each message in flight (received, not yet answered) until released. */
function slowRelay() {
  const releases: Array<() => void> = [];
  return {
    hold: () => new Promise<void>((release) => releases.push(release)),
    releaseAll: () => releases.splice(0).forEach((release) => release()),
  };
}

describe('at-least-once delivery', () => {
  beforeAll(() => getTestBoss());
  let app: FastifyInstance | undefined;
  let smtp: TestSmtp | undefined;
  const relay = slowRelay();
  afterEach(async () => {
    relay.releaseAll();
    await app?.close();
    await smtp?.close();
    app = undefined;
    smtp = undefined;
  });

  it('records the attempt and its Message-ID before the relay has answered, and holds a short lease', async () => {
    smtp = await startTestSmtp({ beforeAnswer: relay.hold });
    app = await buildTestApp({ SMTP_URL: smtp.url });
    const { id } = await app.deps.mail.send(app.deps.db, message('inflight@example.com'));
    await smtp.waitForMessage((m) => m.subject === 'Bill of lading');

    // the relay has the message and has not answered: what a crash now would leave behind
    const [inFlight] = await app.deps.db
      .select({
        row: emailOutbox,
        leaseSeconds: sql<number>`extract(epoch from (${emailOutbox.lockedUntil} - now()))::float`,
      })
      .from(emailOutbox)
      .where(eq(emailOutbox.id, id));
    expect(inFlight!.row).toMatchObject({ status: 'pending', attempts: 1, messageId: `<${id}@trading-portal>` });
    expect(inFlight!.leaseSeconds).toBeGreaterThan(0);
    expect(inFlight!.leaseSeconds).toBeLessThanOrEqual(30);

    relay.releaseAll();
    const sent = await waitForOutboxRow(app, id, (r) => r.status === 'sent');
    expect(sent.messageId).toBe(`<${id}@trading-portal>`);
    expect(smtp.messages[0]!.messageId).toBe(`<${id}@trading-portal>`);
  });

  it('sends an interrupted attempt again with the same Message-ID, and says so in the row and the log', async () => {
    smtp = await startTestSmtp();
    const log = captureLog();
    app = await buildTestApp({ SMTP_URL: smtp.url }, { log });
    // what a process killed mid-delivery leaves: the attempt recorded, its lease run out, no outcome
    const { id } = await writeToOutbox(app.deps.db, await prepareMail(message('crash@example.com')));
    await app.deps.db
      .update(emailOutbox)
      .set({
        attempts: 1,
        messageId: `<${id}@trading-portal>`,
        lockedUntil: sql`now() - interval '1 second'`,
        createdAt: sql`now() - interval '5 minutes'`,
      })
      .where(eq(emailOutbox.id, id));
    // its job runs again (after a restart pg-boss retries it)
    await app.deps.jobs.enqueue(app.deps.db, MAIL_QUEUE, { outboxId: id }, { singletonKey: id });

    const mail = await smtp.waitForMessage((m) => m.subject === 'Bill of lading');
    expect(mail.messageId).toBe(`<${id}@trading-portal>`);
    const row = await waitForOutboxRow(app, id, (r) => r.status === 'sent');
    expect(row.attempts).toBe(2);
    expect(row.lastError).toMatch(/interrupted/i);
    const warning = log.entries().find((e) => e.outboxId === id && /interrupted/i.test(String(e.msg)));
    expect(warning).toMatchObject({ level: 40, messageId: `<${id}@trading-portal>` });
  });
});
