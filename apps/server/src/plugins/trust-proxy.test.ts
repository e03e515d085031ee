import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { AUTH } from '@tp/shared';
import { loadConfig } from '../config';
import { buildTestApp, getTestBoss } from '../test/kit';
import { tempDir } from '../test/temp-dirs';

const BALANCER = '10.0.0.5';
const CLIENT = '203.0.113.7';

/** Sends verifies from one real client, each with a different forged left-most X-Forwarded-For. */
async function verifiesWithForgedAddresses(app: FastifyInstance, count: number, forwardedFor: (i: number) => string) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { token: `forged-${i}` },
      remoteAddress: BALANCER,
      headers: { 'x-forwarded-for': forwardedFor(i) },
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

describe('TRUST_PROXY', () => {
  let app: FastifyInstance | undefined;
  beforeAll(() => getTestBoss());
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  it('with a hop count, a forged left-most X-Forwarded-For cannot rotate the per-IP limit', async () => {
    app = await buildTestApp({ TRUST_PROXY: '1' });
    // the balancer appends the address it saw; everything left of it is whatever the client wrote
    const statuses = await verifiesWithForgedAddresses(app, AUTH.perIpPerHour + 5, (i) => `198.51.100.${i}, ${CLIENT}`);
    expect(statuses.slice(0, AUTH.perIpPerHour).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(AUTH.perIpPerHour)).toEqual(Array(5).fill(429));
  });

  it('with the proxies’ addresses or CIDRs, the client is the nearest untrusted hop', async () => {
    app = await buildTestApp({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' });
    // a CDN hop in 10/8 in front of the balancer: both trusted, the client is the next one left
    const statuses = await verifiesWithForgedAddresses(
      app,
      AUTH.perIpPerHour + 1,
      (i) => `198.51.100.${i}, ${CLIENT}, 10.20.30.40`,
    );
    expect(statuses.at(-1)).toBe(429);
    const seen = await app.inject({
      method: 'POST',
      url: '/api/auth/verify',
      payload: { token: 'x' },
      remoteAddress: '192.0.2.1',
      headers: { 'x-forwarded-for': '198.51.100.1' },
    });
    // a peer outside the trusted list is the client itself, whatever it forwards: its own counter
    expect(seen.statusCode).toBe(400);
  });

  it('reads hop counts, address lists and off; "true" means one hop, never every hop', () => {
    const env = { DATA_DIR: tempDir('tp-config-') };
    expect(loadConfig(env).trustProxy).toBe(false);
    expect(loadConfig({ ...env, TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ ...env, TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ ...env, TRUST_PROXY: 'true' }).trustProxy).toBe(1);
    expect(loadConfig({ ...env, TRUST_PROXY: '10.0.0.0/8,127.0.0.1, ::1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
    ]);
    expect(loadConfig({ ...env, TRUST_PROXY: 'loopback, 172.16.0.0/12' }).trustProxy).toEqual([
      'loopback',
      '172.16.0.0/12',
    ]);
    for (const bad of ['everyone', '10.0.0.0/33', '300.1.1.1', '-1', '1.5']) {
      expect(() => loadConfig({ ...env, TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY/);
    }
  });
});
