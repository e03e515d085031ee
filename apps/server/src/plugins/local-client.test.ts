import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { isLocalClient } from './local-client';

const PUBLIC_URL = 'https://portal.example.com';

function request(peer: string, headers: Record<string, string>): FastifyRequest {
  return { raw: { socket: { remoteAddress: peer } }, headers } as unknown as FastifyRequest;
}

describe('isLocalClient', () => {
  it('is a loopback peer naming this machine or PUBLIC_URL in its Host', () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000', 'LOCALHOST', 'portal.example.com']) {
      expect(isLocalClient(request('127.0.0.1', { host }), PUBLIC_URL), host).toBe(true);
    }
    expect(isLocalClient(request('::1', { host: 'localhost' }), PUBLIC_URL)).toBe(true);
    expect(isLocalClient(request('::ffff:127.0.0.1', { host: 'localhost' }), PUBLIC_URL)).toBe(true);
  });

  it('is not a peer elsewhere, whatever its headers say', () => {
    for (const peer of ['10.0.0.7', '::ffff:192.168.1.2', '2001:db8::1', '128.0.0.1']) {
      expect(isLocalClient(request(peer, { host: 'localhost' }), PUBLIC_URL), peer).toBe(false);
    }
  });

  it('is not a request a proxy relayed, whichever header says so', () => {
    const proxyHeaders = ['forwarded', 'x-forwarded-for', 'x-forwarded-host', 'x-forwarded-proto', 'x-forwarded-port'];
    proxyHeaders.push('via', 'x-real-ip', 'cf-connecting-ip', 'cf-ray', 'true-client-ip', 'x-client-ip');
    proxyHeaders.push('x-cluster-client-ip', 'fastly-client-ip', 'x-envoy-external-address', 'cdn-loop');
    for (const name of proxyHeaders) {
      expect(isLocalClient(request('127.0.0.1', { host: 'localhost', [name]: '127.0.0.1' }), PUBLIC_URL), name).toBe(
        false,
      );
    }
  });

  it('is a local client carrying ordinary browser headers', () => {
    const headers = { host: 'localhost:3000', 'user-agent': 'Mozilla/5.0', accept: '*/*', cookie: 'a=b' };
    expect(
      isLocalClient(
        request('127.0.0.1', { ...headers, 'x-request-id': 'r1', origin: 'http://localhost:3000' }),
        PUBLIC_URL,
      ),
    ).toBe(true);
  });

  it('is not a page whose own domain was rebound to 127.0.0.1', () => {
    for (const host of ['evil.example', '127.0.0.1.evil.example', '127.evil.example:3000', '']) {
      expect(isLocalClient(request('127.0.0.1', { host }), PUBLIC_URL), host).toBe(false);
    }
    expect(isLocalClient(request('127.0.0.1', {}), PUBLIC_URL)).toBe(false);
  });

  it('answers the same for a Host seen before, past the remembered ones, and per PUBLIC_URL', () => {
    for (let i = 0; i < 200; i += 1) {
      expect(isLocalClient(request('127.0.0.1', { host: `site-${i}.example` }), PUBLIC_URL)).toBe(false);
    }
    expect(isLocalClient(request('127.0.0.1', { host: 'localhost:3000' }), PUBLIC_URL)).toBe(true);
    expect(isLocalClient(request('127.0.0.1', { host: 'site-199.example' }), PUBLIC_URL)).toBe(false);
    expect(isLocalClient(request('127.0.0.1', { host: 'site-199.example' }), 'https://site-199.example')).toBe(true);
    expect(isLocalClient(request('127.0.0.1', { host: 'portal.example.com' }), 'https://other.example')).toBe(false);
  });
});
