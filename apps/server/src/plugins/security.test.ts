import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import Fastify, { type FastifyInstance } from 'fastify';
import { CONTRACT_VERSION_HEADER } from '@tp/shared';
import { buildTestApp, getTestBoss, testConfig } from '../test/kit';
import { registerResponseHeaders } from './security';

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
    const csp = directives((await app.inject({ url: '/trades' })).headers['content-security-policy']);
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
    const connect = directives((await app.inject({ url: '/' })).headers['content-security-policy']).get('connect-src');
    expect(connect).toContain('wss://client.relay.crisp.chat');
    expect(connect).not.toContain('ws:');
    expect(connect).not.toContain('wss:');
  });

  it('forbids framing the same way in both headers, on pages and on API answers', async () => {
    app = await buildTestApp();
    for (const url of ['/', '/api/health', '/api/nothing-here']) {
      const res = await app.inject({ url });
      expect(directives(res.headers['content-security-policy']).get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
    }
  });

  const PAGE_HEADERS = {
    'content-security-policy':
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
      "font-src 'self' data:;connect-src 'self' wss://portal.example.com;frame-src 'self';media-src 'self' blob:;" +
      "object-src 'none';base-uri 'self';form-action 'self';frame-ancestors 'none';upgrade-insecure-requests",
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-origin',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  };
  /** What only a rendered document reads: a data answer goes without. */
  const DOCUMENT_ONLY = [
    'cross-origin-opener-policy',
    'origin-agent-cluster',
    'x-dns-prefetch-control',
    'x-download-options',
    'x-permitted-cross-domain-policies',
    'x-xss-protection',
  ];

  it('sends the full set of headers on pages and the API documentation, errors and 404s included', async () => {
    app = await buildTestApp({ PUBLIC_URL: 'https://portal.example.com' });
    for (const url of ['/', '/some/client/route', '/assets/missing.js', '/api/docs']) {
      const res = await app.inject({ url });
      expect(res.headers, url).toMatchObject(
        url === '/api/docs' ? { ...PAGE_HEADERS, 'content-security-policy': expect.any(String) } : PAGE_HEADERS,
      );
      expect(res.headers['x-powered-by'], url).toBeUndefined();
    }
    await app.close();

    app = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    const plain = (await app.inject({ url: '/' })).headers;
    expect(plain['strict-transport-security']).toBeUndefined();
    expect(plain['content-security-policy']).not.toContain('upgrade-insecure-requests');
  });

  it('sends API answers, errors and 404s the headers that apply to data, and a CSP that forbids framing', async () => {
    app = await buildTestApp({ PUBLIC_URL: 'https://portal.example.com' });
    const expected = {
      'content-security-policy': "frame-ancestors 'none'",
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
      'strict-transport-security': 'max-age=31536000; includeSubDomains',
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'DENY',
    };
    for (const request of [
      { url: '/api/config' },
      { url: '/api/auth/me' },
      { url: '/api/nothing-here' },
      { method: 'POST' as const, url: '/api/auth/magic-link', payload: {} },
      { url: '/ws/market' },
    ]) {
      const res = await app.inject(request);
      expect(res.headers, request.url).toMatchObject(expected);
      for (const name of DOCUMENT_ONLY) expect(res.headers[name], `${request.url} ${name}`).toBeUndefined();
      expect(res.headers['x-powered-by'], request.url).toBeUndefined();
    }
    await app.close();

    app = await buildTestApp({ PUBLIC_URL: 'http://localhost:3000' });
    expect((await app.inject({ url: '/api/config' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('names the contract a built server answers by on API answers only; a server without one names none', async () => {
    app = Fastify();
    registerResponseHeaders(app, testConfig(), () => false, 'c0ffee00c0ffee00');
    app.get('/api/config', async () => ({ ok: true }));
    app.get('/api/docs/json', async () => ({ ok: true }));
    app.get('/dashboard', async () => 'page');
    expect((await app.inject({ url: '/api/config' })).headers[CONTRACT_VERSION_HEADER]).toBe('c0ffee00c0ffee00');
    expect((await app.inject({ url: '/api/nothing-here' })).headers[CONTRACT_VERSION_HEADER]).toBe('c0ffee00c0ffee00');
    expect((await app.inject({ url: '/api/docs/json' })).headers[CONTRACT_VERSION_HEADER]).toBeUndefined();
    expect((await app.inject({ url: '/dashboard' })).headers[CONTRACT_VERSION_HEADER]).toBeUndefined();
    await app.close();

    // tests run the server's source, which no build has given a version
    app = await buildTestApp();
    expect((await app.inject({ url: '/api/config' })).headers[CONTRACT_VERSION_HEADER]).toBeUndefined();
  });
});
