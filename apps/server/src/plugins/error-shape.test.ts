import { connect } from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@tp/shared';
import { buildApp } from '../app';
import { useTestApp, getTestBoss, getTestDatabase, testConfig } from '../test/kit';

/** Writes raw bytes to the listening app and returns everything it answers before closing. */
function rawRequest(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

const bodyOf = (raw: string) => JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as unknown;

describe('every error answer has one shape: {success:false, error, code}', () => {
  let port: number;
  const t = useTestApp();
  beforeAll(async () => {
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as { port: number }).port;
  });

  it('a URL the router cannot decode is a 400 in the app’s shape', async () => {
    const res = await t.app.inject({ url: '/api/stories/%' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(errorResponseSchema.strict().parse(res.json())).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it('an over-long id is validated like any other value: a 400 naming the field', async () => {
    const res = await t.app.inject({ url: `/api/stories/${'a'.repeat(120)}` });
    expect(res.statusCode).toBe(400);
    const body = errorResponseSchema.strict().parse(res.json());
    expect(body.details?.[0]?.field).toBe('id');
  });

  it('a path segment longer than any id is a 414 in the app’s shape', async () => {
    const res = await t.app.inject({ url: `/api/stories/${'a'.repeat(5_000)}` });
    expect(res.statusCode).toBe(414);
    expect(errorResponseSchema.strict().parse(res.json())).toMatchObject({ success: false, code: 'URI_TOO_LONG' });
  });

  it('a request the HTTP parser refuses is answered in the app’s shape', async () => {
    const malformed = await rawRequest(port, 'GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header Line\r\n\r\n');
    expect(malformed).toMatch(/^HTTP\/1\.1 400/);
    expect(errorResponseSchema.strict().parse(bodyOf(malformed))).toMatchObject({ code: 'BAD_REQUEST' });

    const huge = await rawRequest(port, `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(huge).toMatch(/^HTTP\/1\.1 431/);
    expect(errorResponseSchema.strict().parse(bodyOf(huge))).toMatchObject({ success: false });
  });

  it('a request arriving while the server shuts down gets a 503 in the app’s shape', async () => {
    const closing = await buildApp(testConfig(), {
      connection: await getTestDatabase(),
      boss: await getTestBoss(),
      logger: false,
    });
    let answer = '';
    // a keep-alive connection opened before the shutdown sends one more request while it drains
    closing.addHook('preClose', async () => {
      answer = await new Promise<string>((resolve) => {
        let received = '';
        socket.removeAllListeners('data');
        socket.on('data', (chunk) => {
          received += chunk.toString();
          if (/\r\n\r\n[\s\S]*\}$/.test(received)) resolve(received);
        });
        socket.write('GET /api/config HTTP/1.1\r\nHost: localhost\r\n\r\n');
      });
    });
    await closing.listen({ host: '127.0.0.1', port: 0 });
    const socket = connect((closing.server.address() as { port: number }).port, '127.0.0.1');
    await new Promise<void>((resolve) => {
      socket.on('data', (chunk) => chunk.toString().includes('"status"') && resolve());
      socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
    });
    await closing.close();
    socket.destroy();
    expect(answer).toMatch(/^HTTP\/1\.1 503/);
    // with the headers of every answer
    expect(answer).toMatch(/\r\nx-content-type-options: nosniff\r\n/i);
    expect(answer).toMatch(/\r\nx-request-id: [\w-]+\r\n/i);
    expect(errorResponseSchema.strict().parse(bodyOf(answer))).toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
  });
});
