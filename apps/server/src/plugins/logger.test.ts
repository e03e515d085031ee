import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, captureLog, type CapturedLog } from '../test/kit';
import { redactUrl } from './logger';

describe('request log', () => {
  let app: FastifyInstance;
  let log: CapturedLog;
  beforeAll(async () => {
    log = captureLog();
    app = await buildTestApp({}, { log });
  });
  afterAll(() => app.close());

  const linesAbout = (requestId: string) => log.entries().filter((entry) => entry.reqId === requestId);

  it('writes one line per answered request: id, method, URL, status and time', async () => {
    await app.inject({ url: '/api/config', headers: { 'x-request-id': 'one-line-ok' } });
    const lines = linesAbout('one-line-ok');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      req: { id: 'one-line-ok', method: 'GET', url: '/api/config' },
      res: { statusCode: 200 },
    });
    expect(lines[0]!.responseTime).toEqual(expect.any(Number));
  });

  it('keeps tokens, addresses and credentials out of it', async () => {
    await app.inject({
      url: '/api/auth/me?token=secret-token-value&to=someone%40example.com',
      headers: { 'x-request-id': 'one-line-secret', authorization: 'Bearer secret-bearer-value' },
    });
    const lines = linesAbout('one-line-secret');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ res: { statusCode: 401 }, req: { url: '/api/auth/me?token=[redacted]&to=[email]' } });
    expect(log.text()).not.toMatch(/secret-token-value|secret-bearer-value|someone/);
  });
});

describe('redactUrl', () => {
  it('leaves plain paths alone and redacts what a query or path may carry', () => {
    expect(redactUrl('/api/config')).toBe('/api/config');
    expect(redactUrl('/api/auth/verify?token=abc&rememberMe=1')).toBe('/api/auth/verify?token=[redacted]&rememberMe=1');
    expect(redactUrl('/api/x/a@b.example')).toBe('/api/x/[email]');
    expect(redactUrl('/api/x/a%40b.example')).toBe('/api/x/[email]');
  });
});
