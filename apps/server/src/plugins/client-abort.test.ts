import { connect } from 'node:net';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { isDatabaseUnavailable } from '../db/outage';
import { useTestApp, captureLog, type CapturedLog } from '../test/kit';

/** Starts a POST announcing 1,000 bytes, sends a few, then goes away (FIN, or RST with `reset`). */
function dropHalfway(port: number, url: string, requestId: string, reset: boolean): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.write(
        `POST ${url} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n` +
          `Content-Length: 1000\r\nX-Request-ID: ${requestId}\r\n\r\n{"email":"half`,
        () => (reset ? socket.resetAndDestroy() : socket.destroy()),
      );
    });
    socket.on('close', () => resolve());
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? resolve() : reject(error)));
  });
}

function logEntryAbout(log: CapturedLog, requestId: string): Promise<Record<string, unknown>> {
  return vi.waitFor(
    () => {
      const entry = log.entries().find((e) => e.reqId === requestId && e.msg !== 'incoming request');
      if (entry) return entry;
      throw new Error(`nothing logged about ${requestId} in 10 s:\n${log.text()}`);
    },
    { timeout: 10_000, interval: 20 },
  );
}

describe('a client that goes away half-way through a request', () => {
  const log = captureLog();
  let port: number;
  const t = useTestApp({}, { log });
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as { port: number }).port;
  });

  it.each([
    ['closes', false],
    ['resets', true],
  ])('is logged as the client leaving, not as a database outage, when it %s the connection', async (_how, reset) => {
    for (const url of ['/api/auth/magic-link', '/api/email/send/contact']) {
      const requestId = `drop-${reset ? 'rst' : 'fin'}-${url.replaceAll('/', '-')}`;
      await dropHalfway(port, url, requestId, reset);
      const entry = await logEntryAbout(log, requestId);
      expect(entry.msg, url).toBe('client closed the connection before the request was answered');
      expect(entry.level, url).toBe(30);
      expect(
        log.entries().filter((e) => e.reqId === requestId && e.level !== 30),
        url,
      ).toEqual([]);
    }
    expect(log.text()).not.toMatch(/database unavailable/);
  });

  it('tells a reset client socket from a database that cannot be reached', () => {
    const clientGone = Object.assign(new Error('aborted'), { code: 'ECONNRESET', statusCode: 400 });
    expect(isDatabaseUnavailable(clientGone)).toBe(false);
    const storageReset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' });
    expect(isDatabaseUnavailable(storageReset)).toBe(false);
  });
});
