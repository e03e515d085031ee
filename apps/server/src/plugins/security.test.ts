import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, getTestBoss } from '../test/kit';

function directives(header: string | string[] | number | undefined): Map<string, string[]> {
  return new Map(
    String(header)
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .map(([name, ...values]) => [name!, values]),
  );
}

describe('security headers', () => {
  let app: FastifyInstance | undefined;
  beforeAll(() => getTestBoss());
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('lets pages connect only to this origin, its WebSocket included, and no other ws:/wss: host', async () => {
    app = await buildTestApp({ PUBLIC_URL: 'https://portal.example.com' });
    const csp = directives((await app.inject({ url: '/api/health' })).headers['content-security-policy']);
    expect(csp.get('connect-src')).toEqual(["'self'", 'wss://portal.example.com']);
    await app.close();

    app = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    const local = directives((await app.inject({ url: '/' })).headers['content-security-policy']);
    expect(local.get('connect-src')).toEqual(["'self'", 'ws://localhost:3000']);
  });

  it('adds only the chat provider’s own WebSocket host when a chat is configured', async () => {
    app = await buildTestApp({
      PUBLIC_URL: 'https://portal.example.com',
      CHAT_PROVIDER: 'crisp',
      CHAT_WEBSITE_ID: 'x',
    });
    const connect = directives((await app.inject({ url: '/api/health' })).headers['content-security-policy']).get(
      'connect-src',
    );
    expect(connect).toContain('wss://client.relay.crisp.chat');
    expect(connect).not.toContain('ws:');
    expect(connect).not.toContain('wss:');
  });

  it('forbids framing the same way in both headers', async () => {
    app = await buildTestApp();
    const res = await app.inject({ url: '/api/health' });
    expect(directives(res.headers['content-security-policy']).get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});
