import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { Heading } from '@react-email/heading';
import { Html } from '@react-email/html';
import { Text } from '@react-email/text';
import { devMailboxListSchema, devMailboxMessageSchema } from '@tp/shared';
import { emailOutbox } from '../../db/schema';
import { buildTestApp, getTestBoss, startTestSmtp, waitForOutboxRow, type TestSmtp } from '../../test/kit';
import { freePort } from '../../test/server-process';
import { prepareMail, writeToOutbox } from './outbox';

function Hello({ name }: { name: string }) {
  return (
    <Html>
      <Heading>Hello {name}</Heading>
      <Text>Your export documents are ready.</Text>
    </Html>
  );
}

const message = (to: string) => ({
  to,
  subject: 'Documents ready',
  template: 'hello',
  react: <Hello name="Ada" />,
  replyTo: '"Trade Desk" <desk@example.com>',
  headers: { 'X-Trace': 't-1' },
});

describe('mail subsystem', () => {
  // the worker's database and job queue are created once, in a hook, not inside the first test's time
  beforeAll(async () => {
    await getTestBoss();
  });
  let app: FastifyInstance | undefined;
  let smtp: TestSmtp | undefined;
  afterEach(async () => {
    await app?.close();
    await smtp?.close();
    app = undefined;
    smtp = undefined;
  });

  it('writes to the outbox, then delivers over real SMTP with HTML, text and safe headers', async () => {
    smtp = await startTestSmtp();
    app = await buildTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Trading Portal <no-reply@example.com>' });
    const { id } = await app.deps.mail.send(app.deps.db, message('ada@example.com'));
    const mail = await smtp.waitForMessage((m) => m.subject === 'Documents ready');
    expect(mail.html).toContain('Hello <!-- -->Ada');
    expect(mail.text).toContain('Your export documents are ready.');
    expect(mail.replyTo?.value[0]).toMatchObject({ address: 'desk@example.com', name: 'Trade Desk' });
    expect(mail.headers.get('x-trace')).toBe('t-1');
    const row = await waitForOutboxRow(app, id, (r) => r.status === 'sent');
    expect(row.attempts).toBe(1);
    expect(row.sentAt).toBeInstanceOf(Date);
  });

  it('refuses header injection and bad addresses before anything is stored', async () => {
    app = await buildTestApp();
    await expect(
      app.deps.mail.send(app.deps.db, { ...message('ada@example.com'), subject: 'Hi\r\nBcc: victim@example.com' }),
    ).rejects.toThrow(/subject/);
    await expect(app.deps.mail.send(app.deps.db, message('not an address'))).rejects.toThrow(/to/);
    await expect(
      app.deps.mail.send(app.deps.db, { ...message('ada@example.com'), replyTo: 'x@example.com\nBcc: y@example.com' }),
    ).rejects.toThrow(/replyTo/);
    const [{ n }] = (await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox)) as [{ n: number }];
    expect(n).toBe(0);
  });

  it('keeps mail through an SMTP outage and delivers it when the server is back', async () => {
    const port = await freePort();
    app = await buildTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const { id } = await app.deps.mail.send(app.deps.db, message('outage@example.com'));
    const failed = await waitForOutboxRow(
      app,
      id,
      (r) => r.attempts >= 1 && r.lastError !== null && r.lockedUntil === null,
    );
    expect(failed.status).toBe('pending');
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    smtp = await startTestSmtp(port);
    await smtp.waitForMessage((m) => m.subject === 'Documents ready', 30_000);
    const sent = await waitForOutboxRow(app, id, (r) => r.status === 'sent');
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
  }, 60_000);

  it('resumes pending mail after a restart (written but never scheduled)', async () => {
    smtp = await startTestSmtp();
    app = await buildTestApp({ SMTP_URL: smtp.url });
    // as if the process died between writing the outbox row and scheduling its job
    const { id } = await writeToOutbox(app.deps.db, await prepareMail(message('restart@example.com')));
    await app.deps.db
      .update(emailOutbox)
      .set({ createdAt: sql`now() - interval '5 minutes'` })
      .where(eq(emailOutbox.id, id));
    await app.close();
    app = await buildTestApp({ SMTP_URL: smtp.url }, { reset: false });
    const mail = await smtp.waitForMessage((m) => m.subject === 'Documents ready');
    expect(mail.messageId).toBe(`<${id}@trading-portal>`);
    const row = await waitForOutboxRow(app, id, (r) => r.status === 'sent');
    expect(row.attempts).toBe(1);
  });

  it('sends inside the caller’s transaction: a rollback leaves no mail and no job, a commit delivers', async () => {
    smtp = await startTestSmtp();
    app = await buildTestApp({ SMTP_URL: smtp.url });
    const prepared = await app.deps.mail.prepare(message('tx@example.com'));
    expect(prepared.text).toContain('Your export documents are ready.');
    await expect(
      app.deps.db.transaction(async (tx) => {
        await app!.deps.mail.send(tx, prepared);
        throw new Error('caller failed after sending');
      }),
    ).rejects.toThrow('caller failed');
    const [{ n }] = (await app.deps.db.select({ n: sql<number>`count(*)::int` }).from(emailOutbox)) as [{ n: number }];
    expect(n).toBe(0);
    const jobs = await app.deps.connection.query<{ n: number }>(
      "select count(*)::int as n from pgboss.job where name = 'email-deliver'",
    );
    expect(jobs.rows[0]?.n).toBe(0);

    const { id } = await app.deps.db.transaction((tx) => app!.deps.mail.send(tx, prepared));
    const mail = await smtp.waitForMessage((m) => JSON.stringify(m.to).includes('tx@example.com'));
    expect(mail.subject).toBe('Documents ready');
    expect(mail.messageId).toBe(`<${id}@trading-portal>`);
    expect(smtp.messages).toHaveLength(1);
  });

  it('marks mail failed, without retrying, when the relay refuses the mailbox permanently (5xx)', async () => {
    smtp = await startTestSmtp({ rejectRecipient: (address) => address.startsWith('nobody@') });
    app = await buildTestApp({ SMTP_URL: smtp.url });
    const { id } = await app.deps.mail.send(app.deps.db, message('nobody@example.com'));
    const row = await waitForOutboxRow(app, id, (r) => r.status === 'failed');
    expect(row.attempts).toBe(1);
    expect(row.lastError).toMatch(/550|Mailbox unavailable/);
    // the next message still goes out: one refusal does not block the queue
    const next = await app.deps.mail.send(app.deps.db, message('somebody@example.com'));
    await waitForOutboxRow(app, next.id, (r) => r.status === 'sent');
    expect((await waitForOutboxRow(app, id, () => true)).attempts).toBe(1);
  });

  it('keeps mail in the dev mailbox without SMTP, readable through the API', async () => {
    app = await buildTestApp();
    const { id } = await app.deps.mail.send(app.deps.db, message('dev@example.com'));
    await waitForOutboxRow(app, id, (r) => r.status === 'dev_mailbox');
    const list = devMailboxListSchema.parse((await app.inject({ url: '/api/dev/mailbox?to=dev@example.com' })).json());
    expect(list.messages).toHaveLength(1);
    expect(list.messages[0]).toMatchObject({ id, subject: 'Documents ready', status: 'dev_mailbox' });
    const one = devMailboxMessageSchema.parse((await app.inject({ url: `/api/dev/mailbox/${id}` })).json());
    expect(one.text).toContain('Your export documents are ready.');
    expect((await app.inject({ url: '/api/dev/mailbox/not-a-uuid' })).statusCode).toBe(400);
  });

  it('hides the dev mailbox when it is disabled', async () => {
    app = await buildTestApp({ DEV_MAILBOX: 'false' });
    expect((await app.inject({ url: '/api/dev/mailbox' })).statusCode).toBe(404);
  });
});
