import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { errorResponseSchema, TEXT_MESSAGE } from '@tp/shared';
import { buildTestApp, useTestApp, captureLog, getTestBoss, signedInClient, type CapturedLog } from '../test/kit';

/** JSON as a client writes it: the escapes travel as text and JSON.parse makes the characters. */
const json = (fields: Record<string, string>) =>
  `{${Object.entries(fields)
    .map(([key, value]) => `"${key}":"${value}"`)
    .join(',')}}`;

describe('NUL and lone surrogates in text fields', () => {
  const t = useTestApp();

  const send = async (method: 'POST' | 'PUT', url: string, payload: string, headers: Record<string, string> = {}) => {
    const res = await t.app.inject({
      method,
      url,
      payload,
      headers: { 'content-type': 'application/json', ...headers },
    });
    return { status: res.statusCode, body: res.json() as unknown };
  };

  it('are a 400 naming the field, never a 500', async () => {
    const { headers } = await signedInClient(t.app);
    const cases: Array<[string, 'POST' | 'PUT', string, string, Record<string, string>]> = [
      ['name', 'PUT', '/api/auth/me', json({ name: 'a\\u0000b', phone: '+44 1' }), headers],
      ['company', 'PUT', '/api/auth/me', json({ name: 'Ada', phone: '1', company: 'x\\udc00' }), headers],
      ['name', 'POST', '/api/auth/magic-link', json({ email: 'sur@example.com', name: 'x\\ud800y' }), {}],
      [
        'message',
        'POST',
        '/api/email/send/contact',
        json({ name: 'Ada', email: 'a@example.com', message: 'hi\\u0000' }),
        {},
      ],
      ['name', 'POST', '/api/email/subscribe', json({ email: 'sub@example.com', name: '\\u0000' }), {}],
      ['token', 'POST', '/api/auth/verify', json({ token: 'abc\\u0000' }), {}],
    ];
    for (const [field, method, url, payload, extra] of cases) {
      const { status, body } = await send(method, url, payload, extra);
      expect(status, `${url} ${field}`).toBe(400);
      expect(errorResponseSchema.parse(body).details).toEqual([{ field, message: TEXT_MESSAGE }]);
    }
    const query = await t.app.inject({ url: '/api/dev/mailbox?to=a%00b%40example.com' });
    expect(query.statusCode).toBe(400);
    expect(errorResponseSchema.parse(query.json()).details?.[0]?.field).toBe('to');
  });
});

interface LoggedError {
  message: string;
  cause?: LoggedError;
}
const loggedError = (log: CapturedLog) => log.entries().find((e) => e.msg === 'request failed')?.err as LoggedError;

describe('a failed query in the log', () => {
  let app: FastifyInstance;
  let log: CapturedLog;
  beforeAll(() => getTestBoss());
  afterEach(async () => {
    await app.deps.connection.exec(
      'alter table users drop constraint if exists test_refuse; alter table one_time_tokens drop constraint if exists test_refuse',
    );
    await app.close();
  });

  it('names the statement and the database’s reason, never the parameters or the failing row', async () => {
    log = captureLog();
    app = await buildTestApp({}, { log });
    const client = await signedInClient(app);
    // a constraint the update breaks: PostgreSQL's error carries the whole failing row
    await app.deps.connection.exec(
      `alter table users add constraint test_refuse check (company <> 'Refused Trading Ltd')`,
    );
    const profile = { name: 'Grace Hopper', phone: '+1 555 0100', company: 'Refused Trading Ltd', position: 'Admiral' };
    expect((await client.put('/api/auth/me', profile)).statusCode).toBe(500);

    const logged = loggedError(log);
    expect(logged.message).toMatch(/^Failed query: update "users"/);
    expect(logged.cause?.message).toMatch(/violates check constraint "test_refuse"/);
    for (const secret of [...Object.values(profile), client.user.email, client.user.id]) {
      expect(log.text(), secret).not.toContain(secret);
    }
  });

  it('keeps token hashes and addresses of a failed sign-in out of the log', async () => {
    log = captureLog();
    app = await buildTestApp({}, { log });
    await app.deps.connection.exec(
      `alter table one_time_tokens add constraint test_refuse check (email <> 'leak@example.com')`,
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: 'leak@example.com' },
    });
    expect(res.statusCode).toBe(500);
    expect(loggedError(log).message).toMatch(/insert into "one_time_tokens"/);
    expect(log.text()).not.toContain('leak@example.com');
    // a SHA-256 token hash is 64 hex digits
    expect(log.text()).not.toMatch(/[0-9a-f]{64}/);
  });
});
