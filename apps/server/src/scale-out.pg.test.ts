import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { emailOutbox } from './plugins/mail/mail.tables';
import {
  getTestDatabase,
  getTestDatabaseUrl,
  resetDatabase,
  signInThrough,
  startTestSmtp,
  type TestSmtp,
} from './test/kit';
import { startServerProcesses, type ServerProcess } from './test/server-process';

/**
 * Two server processes on one PostgreSQL (this file runs only in the PostgreSQL pass: PGlite is
 * one process by design). Nothing that matters may live in one instance's memory.
 */
describe('two instances on one PostgreSQL', () => {
  let smtp: TestSmtp;
  let a: ServerProcess;
  let b: ServerProcess;

  beforeAll(async () => {
    const database = await getTestDatabase();
    await resetDatabase(database);
    smtp = await startTestSmtp();
    const env = { DATABASE_URL: (await getTestDatabaseUrl())!, SMTP_URL: smtp.url };
    [a, b] = (await startServerProcesses(2, env)) as [ServerProcess, ServerProcess];
  }, 120_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await smtp?.close();
  });

  it('accepts a session made on one instance on the other, and a logout on one is refused at once on the other', async () => {
    const session = await signInThrough(a, smtp, 'both@example.com', b);
    expect((await a.fetch('/api/auth/me', { token: session.token })).status).toBe(200);
    expect((await b.fetch('/api/auth/me', { token: session.token })).status).toBe(200);
    const order = { symbol: 'AAPL', side: 'buy', quantity: 1 };
    expect((await a.fetch('/api/trades', { json: order, token: session.token })).status).toBe(201);
    expect((await b.fetch('/api/auth/logout', { json: {}, token: session.token })).status).toBe(200);
    expect((await a.fetch('/api/auth/me', { token: session.token })).status).toBe(401);
    // placing an order proves the session in its own books read (decision 0027): refused there too
    const refused = await a.fetch('/api/trades', { json: order, token: session.token });
    expect(refused.status).toBe(401);
    expect(((await refused.json()) as { error: string }).error).toBe('Your session has expired. Please log in again.');
    const database = await getTestDatabase();
    const { rows } = await database.query<{ n: number }>('select count(*)::int as n from orders');
    expect(rows[0]!.n).toBe(1);
  });

  it('counts a rate limit across both instances', async () => {
    const contact = { name: 'Ada', email: 'ada@example.com', message: 'Do you ship to Lagos?' };
    const answers: number[] = [];
    for (let i = 0; i < 11; i += 1) {
      answers.push((await (i % 2 === 0 ? a : b).fetch('/api/email/send/contact', { json: contact })).status);
    }
    // ten an hour per client address, wherever the requests land
    expect(answers.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(answers[10]).toBe(429);
  });

  it('delivers every queued e-mail exactly once though both instances run workers', { timeout: 90_000 }, async () => {
    const database = await getTestDatabase();
    const rows = await vi.waitFor(
      async () => {
        const all = await database.db.select({ id: emailOutbox.id, status: emailOutbox.status }).from(emailOutbox);
        expect(
          all.filter((r) => r.status !== 'sent'),
          'outbox rows not sent yet',
        ).toEqual([]);
        return all;
      },
      { timeout: 60_000, interval: 100 },
    );
    // a magic link and ten contact messages so far
    expect(rows.length).toBe(11);
    expect(rows.every((r) => r.status === 'sent')).toBe(true);
    const messageIds = smtp.messages.map((m) => m.messageId);
    expect(messageIds).toHaveLength(rows.length);
    expect(new Set(messageIds).size).toBe(rows.length);
    expect(new Set(messageIds)).toEqual(new Set(rows.map((r) => `<${r.id}@trading-portal>`)));
  });
});
