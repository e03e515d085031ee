import { setTimeout as delay } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { useTestApp, buildTestApp, captureLog, type CapturedLog } from '../test/kit';
import { AccessLog, BatchedLog, loggerOptions, redactUrl, SLOW_REQUEST_MS, SUMMARIZED_ACCESS_LOG } from './logger';
import { RequestSummaries } from './request-summaries';
import type { AppConfig } from '../config';

/** A capture behind a BatchedLog, as the app's own output is: lines reach it when a batch is written. */
function batchedCapture(): CapturedLog & BatchedLog {
  const captured = captureLog();
  const batch = new BatchedLog({ write: (chunk: string) => captured.write(chunk), flushSync: () => undefined });
  return Object.assign(batch, {
    text: () => (batch.flush(), captured.text()),
    entries: () => (batch.flush(), captured.entries()),
  });
}

describe.each([
  ['written to a stream as each request completes', captureLog],
  ['batched as the app writes standard output', batchedCapture],
])('request log, %s', (_way, makeLog) => {
  const log = makeLog();
  // every request, so that /api/config (a summarized route) is written a line each
  const t = useTestApp({ LOG_EVERY_REQUEST: 'true' }, { log });

  const linesAbout = (requestId: string) => log.entries().filter((entry) => entry.reqId === requestId);

  it('writes one line per answered request: id, method, URL, status and time', async () => {
    await t.app.inject({ url: '/api/config', headers: { 'x-request-id': 'one-line-ok' } });
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

  it('stays one valid JSON line whatever the URL holds, with the time in whole microseconds', async () => {
    // a backslash reaches the URL as it is (quotes and non-ASCII arrive percent-encoded)
    const url = '/api/config?x=%22\\%22\\\\';
    await t.app.inject({ url, headers: { 'x-request-id': 'one-line-odd' } });
    const lines = linesAbout('one-line-odd');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.req).toMatchObject({ method: 'GET', url });
    const time = lines[0]!.responseTime as number;
    expect(Math.round(time * 1000) / 1000).toBe(time);
  });

  it('is written as pino writes its lines: level, time, pid and hostname first, msg last', async () => {
    await t.app.inject({ url: '/api/config?x=1', headers: { 'x-request-id': 'one-line-shape' } });
    const [line] = linesAbout('one-line-shape');
    t.app.log.info({ reqId: 'pino-made' }, 'a line pino made');
    const made = log.entries().find((entry) => entry.reqId === 'pino-made')!;
    expect(Object.keys(line!)).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'req',
      'res',
      'responseTime',
      'msg',
    ]);
    expect(Object.keys(made)).toEqual(['level', 'time', 'pid', 'hostname', 'reqId', 'msg']);
    expect(line).toMatchObject({
      pid: made.pid,
      hostname: made.hostname,
      req: { url: '/api/config?x=1', ip: '127.0.0.1' },
    });
    expect(Math.abs((line!.time as number) - (made.time as number))).toBeLessThan(60_000);
  });

  it('gives a request without an id of its own a fresh one, in its line and its X-Request-ID', async () => {
    const answers = [await t.app.inject({ url: '/api/auth/me' }), await t.app.inject({ url: '/api/auth/me' })];
    const ids = answers.map((answer) => answer.headers['x-request-id'] as string);
    expect(ids[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[1]).not.toBe(ids[0]);
    for (const id of ids) expect(linesAbout(id)).toMatchObject([{ msg: 'request completed', req: { id } }]);
  });

  it('keeps tokens, addresses, cookies and credentials out of it', async () => {
    await t.app.inject({
      url: '/api/auth/me?token=secret-token-value&to=someone%40example.com',
      headers: {
        'x-request-id': 'one-line-secret',
        authorization: 'Bearer secret-bearer-value',
        cookie: 'session=secret-cookie-value',
      },
    });
    const lines = linesAbout('one-line-secret');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      res: { statusCode: 401 },
      req: { url: '/api/auth/me?token=[redacted]&to=[email]' },
    });
    expect(log.text()).not.toMatch(/secret-token-value|secret-bearer-value|secret-cookie-value|someone/);
  });
});

describe('request summaries', () => {
  let app: FastifyInstance | undefined;
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  const completed = (log: CapturedLog) => log.entries().filter((entry) => entry.msg === 'request completed');
  const summaries = (log: CapturedLog) => log.entries().filter((entry) => entry.msg === 'requests summarized');

  /** A bare Fastify with the access log: a summarized route answering what it is asked, and one that is not. */
  async function appWith(log: CapturedLog, accessLog = new AccessLog()) {
    const made = Fastify({
      logger: { ...loggerOptions({ logLevel: 'info' } as AppConfig), stream: log },
      logController: accessLog,
    });
    made.addHook('onClose', async () => accessLog.close());
    // one route for both methods, as the hashed assets are: GET and HEAD share its config object
    made.route<{ Querystring: { status?: string; wait?: string } }>({
      method: ['GET', 'HEAD'],
      url: '/summarized/:name',
      config: SUMMARIZED_ACCESS_LOG,
      handler: async (request, reply) => {
        if (request.query.wait) await delay(Number(request.query.wait));
        return reply.status(Number(request.query.status ?? 200)).send('ok');
      },
    });
    made.post('/summarized/:name', { config: SUMMARIZED_ACCESS_LOG }, async () => 'ok');
    made.get('/lined', async () => 'ok');
    made.get('/own-level', { config: SUMMARIZED_ACCESS_LOG, logLevel: 'warn' }, async () => 'ok');
    // two routes counted as one
    const files = { ...SUMMARIZED_ACCESS_LOG, accessLogRoute: '/files/*' };
    made.get('/files/a.js', { config: files }, async () => 'a');
    made.get('/files/b.js', { config: files }, async () => 'b');
    await made.ready();
    return made;
  }

  it("counts a marked route's fast, successful, anonymous reads per route, written at close", async () => {
    const log = captureLog();
    app = await appWith(log);
    for (const name of ['a', 'b', 'c']) await app.inject({ url: `/summarized/${name}` });
    await app.inject({ url: '/summarized/a?status=304' });
    await app.inject({ method: 'HEAD', url: '/summarized/a' });
    expect(completed(log)).toEqual([]);
    expect(summaries(log)).toEqual([]);
    await app.close();
    app = undefined;
    const written = summaries(log);
    expect(written).toHaveLength(2);
    expect(written[0]).toMatchObject({
      level: 30,
      route: 'GET /summarized/:name',
      count: 4,
      statusCodes: { 200: 3, 304: 1 },
      responseTime: { mean: expect.any(Number), max: expect.any(Number) },
    });
    expect(written[1]).toMatchObject({ route: 'HEAD /summarized/:name', count: 1, statusCodes: { 200: 1 } });
    const { mean, max } = written[0]!.responseTime as { mean: number; max: number };
    expect(mean).toBeGreaterThan(0);
    expect(max).toBeGreaterThanOrEqual(mean);
  });

  it('counts routes that share an accessLogRoute in one summary named by it', async () => {
    const log = captureLog();
    app = await appWith(log);
    await app.inject({ url: '/files/a.js' });
    await app.inject({ url: '/files/b.js' });
    await app.inject({ url: '/files/b.js' });
    await app.close();
    app = undefined;
    expect(summaries(log)).toMatchObject([{ route: 'GET /files/*', count: 3, statusCodes: { 200: 3 } }]);
  });

  it('writes a line for errors, writes, requests with credentials, slow reads and unmarked routes', async () => {
    const log = captureLog();
    app = await appWith(log);
    await app.inject({ url: '/summarized/a?status=404' });
    await app.inject({ method: 'POST', url: '/summarized/a' });
    await app.inject({ url: '/summarized/a', headers: { authorization: 'Bearer something' } });
    await app.inject({ url: `/summarized/a?wait=${SLOW_REQUEST_MS + 20}` });
    await app.inject({ url: '/lined' });
    expect(
      completed(log).map((entry) => [(entry.req as { method: string }).method, (entry.req as { url: string }).url]),
    ).toEqual([
      ['GET', '/summarized/a?status=404'],
      ['POST', '/summarized/a'],
      ['GET', '/summarized/a'],
      ['GET', `/summarized/a?wait=${SLOW_REQUEST_MS + 20}`],
      ['GET', '/lined'],
    ]);
    await app.close();
    app = undefined;
    expect(summaries(log)).toEqual([]);
  });

  it('writes its summaries every interval from the first request, each counting what came since the last', () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
    try {
      const log = captureLog();
      const root = pino(loggerOptions({ logLevel: 'info' } as AppConfig), log);
      const summaries = new RequestSummaries(60_000);
      const route = { config: {}, url: '/api/config' };
      // idle for an hour: the first summary still covers only the minute after its first request
      vi.advanceTimersByTime(3_600_000);
      summaries.count(root, route, 'GET', 200, 1.5);
      vi.advanceTimersByTime(60_000);
      summaries.count(root, route, 'GET', 200, 0.5);
      summaries.count(root, route, 'GET', 304, 2.5);
      vi.advanceTimersByTime(60_000);
      // a minute with nothing counted writes nothing
      vi.advanceTimersByTime(60_000);
      summaries.stop();
      expect(summaries.count(root, route, 'GET', 200, 1)).toBe(false);
      expect(log.entries()).toMatchObject([
        {
          route: 'GET /api/config',
          count: 1,
          statusCodes: { 200: 1 },
          responseTime: { mean: 1.5, max: 1.5 },
          seconds: 60,
        },
        {
          route: 'GET /api/config',
          count: 2,
          statusCodes: { 200: 1, 304: 1 },
          responseTime: { mean: 1.5, max: 2.5 },
          seconds: 60,
        },
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves a route with a log level of its own, and a log below info, to the usual lines', async () => {
    const log = captureLog();
    app = await appWith(log);
    await app.inject({ url: '/own-level' });
    await app.close();
    app = undefined;
    // the route logs at warn: neither a line nor a summary
    expect(log.entries()).toEqual([]);

    const quiet = captureLog();
    const made = Fastify({ logger: { level: 'warn', stream: quiet }, logController: new AccessLog() });
    made.get('/summarized', { config: SUMMARIZED_ACCESS_LOG }, async () => 'ok');
    await made.inject({ url: '/summarized' });
    await made.close();
    expect(quiet.entries()).toEqual([]);
  });

  it('writes a line for every request with everyRequest (LOG_EVERY_REQUEST)', async () => {
    const log = captureLog();
    app = await appWith(log, new AccessLog({ everyRequest: true }));
    await app.inject({ url: '/summarized/a' });
    await app.close();
    app = undefined;
    expect(completed(log)).toHaveLength(1);
    expect(summaries(log)).toEqual([]);
  });

  it('summarizes the configuration and health reads of the app', async () => {
    const log = captureLog();
    app = await buildTestApp({}, { log });
    await app.inject({ url: '/api/config' });
    await app.inject({ url: '/api/health' });
    await app.inject({ url: '/api/auth/me' });
    expect(completed(log).map((entry) => (entry.req as { url: string }).url)).toEqual(['/api/auth/me']);
    await app.close();
    app = undefined;
    expect(summaries(log).map((entry) => [entry.route, entry.count])).toEqual([
      ['GET /api/config', 1],
      ['GET /api/health', 1],
    ]);
  });
});

describe('the batched log', () => {
  it('hands lines over in order, a batch at a time once it is full', () => {
    const written: string[] = [];
    const log = new BatchedLog({ write: (chunk: string) => written.push(chunk), flushSync: () => undefined }, 10);
    log.write('first\n');
    expect(written).toEqual([]);
    log.write('second\n');
    log.write('last\n');
    expect(written).toEqual(['first\nsecond\n']);
    log.flush();
    expect(written).toEqual(['first\nsecond\n', 'last\n']);
  });

  it('with a write limit, writes whole lines of at most that many bytes at a time (several processes share a pipe)', () => {
    const written: string[] = [];
    const log = new BatchedLog({ write: (chunk: string) => written.push(chunk), flushSync: () => undefined }, 100, 12);
    for (const line of ['aaaa\n', 'bbbb\n', 'cccc\n', 'a line longer than twelve\n', 'é€\n', 'dddddd\n'])
      log.write(line);
    log.flush();
    expect(written.join('')).toBe('aaaa\nbbbb\ncccc\na line longer than twelve\né€\ndddddd\n');
    // 'é€\n' is 6 bytes in UTF-8 and 3 characters: with 'dddddd\n' it would pass 12 bytes
    expect(written).toEqual(['aaaa\nbbbb\n', 'cccc\n', 'a line longer than twelve\n', 'é€\n', 'dddddd\n']);
  });
});

describe("a request's own lines", () => {
  it('carry the request id and are redacted like every other line', async () => {
    const log = captureLog();
    const made = Fastify({ logger: { ...loggerOptions({ logLevel: 'info' } as AppConfig), stream: log } });
    made.get('/says', async (request) => {
      request.log.warn({ body: { token: 'secret-token-value' } }, 'something to say');
      request.log.child({ step: 'two' }).error({ hand: { sessionToken: 'secret-session-value' } }, 'from a child');
      return request.id;
    });
    const reqId = (await made.inject({ url: '/says' })).body;
    await made.close();
    expect(log.entries().filter((entry) => (entry.level as number) >= 40)).toMatchObject([
      { level: 40, reqId, body: { token: '[redacted]' }, msg: 'something to say' },
      { level: 50, reqId, step: 'two', msg: 'from a child' },
    ]);
    expect(log.text()).not.toMatch(/secret-token-value|secret-session-value/);
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
