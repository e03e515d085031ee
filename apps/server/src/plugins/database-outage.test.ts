import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openDatabase, type Connection } from '../db/client';
import { getTestBoss, testConfig } from '../test/kit';
import { messageForStatus } from '@tp/shared';
import { SERVICE_UNAVAILABLE } from './errors';

describe('a database outage', () => {
  let app: FastifyInstance;
  let unreachable: Connection;
  beforeAll(async () => {
    unreachable = await openDatabase({ databaseUrl: 'postgres://postgres:postgres@127.0.0.1:1/none' });
    app = await buildApp(testConfig(), { connection: unreachable, boss: await getTestBoss(), logger: false });
  });
  afterAll(async () => {
    await app.close();
    await unreachable.close();
  });

  it('answers 503 on every route that needs the database, never a 500', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/stats/public', undefined],
      ['POST', '/api/email/send/contact', { name: 'Ada', email: 'ada@example.com', subject: 'Hi', message: 'Hello' }],
      ['POST', '/api/email/subscribe', { email: 'ada@example.com' }],
    ] as const) {
      const res = await app.inject({ method, url, payload });
      expect(res.statusCode, url).toBe(503);
      expect(res.json(), url).toEqual({ success: false, error: SERVICE_UNAVAILABLE, code: 'SERVICE_UNAVAILABLE' });
    }
  });

  it('answers sign-in with the spec’s 503 text', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/magic-link',
      payload: { email: 'ada@example.com' },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ success: false, error: messageForStatus(503), code: 'SERVICE_UNAVAILABLE' });
  });
});
