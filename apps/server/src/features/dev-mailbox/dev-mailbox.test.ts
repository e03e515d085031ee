import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { publicConfigSchema } from '@tp/shared';
import { ConfigError, loadConfig } from '../../config';
import { buildTestApp, captureLog, getTestBoss } from '../../test/kit';
import { tempDir } from '../../test/temp-dirs';

const NO_RELAY = {};
const RELAY = { SMTP_URL: 'smtp://127.0.0.1:1' };
const REMOTE = '203.0.113.9';

describe('the dev mailbox', () => {
  let app: FastifyInstance | undefined;
  // the worker's database and job queue (seconds on first use) before the first test's clock starts
  beforeAll(() => getTestBoss());
  afterEach(async () => {
    await app?.close();
    app = undefined;
  });

  const mailbox = (options: Partial<InjectOptions> = {}) => app!.inject({ url: '/api/dev/mailbox', ...options });
  const configFor = async (options: Partial<InjectOptions> = {}) =>
    publicConfigSchema.parse((await app!.inject({ url: '/api/config', ...options })).json()).devMailbox;

  it('does not exist while an SMTP relay is configured, and /api/config says so', async () => {
    app = await buildTestApp(RELAY);
    expect((await mailbox()).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/dev/mailbox/00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404);
    expect(await configFor()).toBe(false);
  });

  it('refuses DEV_MAILBOX=true together with SMTP_URL at start-up, naming the variable', () => {
    const env = { DATA_DIR: tempDir('tp-config-') };
    expect(() => loadConfig({ ...env, ...RELAY, DEV_MAILBOX: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...env, ...RELAY, DEV_MAILBOX: 'true' })).toThrow(/DEV_MAILBOX/);
    expect(loadConfig({ ...env, ...RELAY, NODE_ENV: 'production' }).mail.devMailbox).toBe(false);
    // without a relay the mail has nowhere else to go: on unless DEV_MAILBOX=false
    expect(loadConfig({ ...env, NODE_ENV: 'production' }).mail.devMailbox).toBe(true);
    expect(loadConfig({ ...env, DEV_MAILBOX: 'false' }).mail.devMailbox).toBe(false);
  });

  it('answers only loopback clients without a relay', async () => {
    app = await buildTestApp(NO_RELAY);
    expect((await mailbox({ remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    expect((await mailbox({ remoteAddress: '::1' })).statusCode).toBe(200);
    expect(await configFor({ remoteAddress: '127.0.0.1' })).toBe(true);

    const remote = await mailbox({ remoteAddress: REMOTE });
    expect(remote.statusCode).toBe(403);
    expect(remote.json()).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(
      (await app.inject({ url: '/api/dev/mailbox/00000000-0000-4000-8000-000000000000', remoteAddress: REMOTE }))
        .statusCode,
    ).toBe(403);
    // the client-visible config tells this client the mailbox is not for it
    expect(await configFor({ remoteAddress: REMOTE })).toBe(false);
  });

  it('judges the socket, not forwarded headers: a forged X-Forwarded-For cannot make a remote client local', async () => {
    app = await buildTestApp({ ...NO_RELAY, TRUST_PROXY: '1' });
    const forged = await mailbox({ remoteAddress: REMOTE, headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(forged.statusCode).toBe(403);
    // a request relayed by a proxy on this machine came from elsewhere
    const proxied = await mailbox({ remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': REMOTE } });
    expect(proxied.statusCode).toBe(403);
    expect((await mailbox({ remoteAddress: '127.0.0.1', headers: { forwarded: `for=${REMOTE}` } })).statusCode).toBe(
      403,
    );
  });

  it('refuses a loopback request carrying any sign of a proxy, and /api/config says so', async () => {
    app = await buildTestApp(NO_RELAY);
    const signs = {
      via: '1.1 proxy.example',
      'cf-connecting-ip': REMOTE,
      'true-client-ip': REMOTE,
      'x-client-ip': REMOTE,
      'x-forwarded-proto': 'https',
    };
    for (const [name, value] of Object.entries(signs)) {
      const relayed = { remoteAddress: '127.0.0.1', headers: { [name]: value } };
      expect((await mailbox(relayed)).statusCode, name).toBe(403);
      expect(await configFor(relayed), name).toBe(false);
    }
    expect((await mailbox({ remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
  });

  it('refuses a loopback request for a foreign host name (DNS rebinding from a web page)', async () => {
    app = await buildTestApp(NO_RELAY);
    expect((await mailbox({ remoteAddress: '127.0.0.1', headers: { host: 'attacker.example:3000' } })).statusCode).toBe(
      403,
    );
    expect((await mailbox({ remoteAddress: '127.0.0.1', headers: { host: 'localhost:3000' } })).statusCode).toBe(200);
    expect((await mailbox({ remoteAddress: '127.0.0.1', headers: { host: '127.0.0.1:3000' } })).statusCode).toBe(200);
  });

  it('answers remote clients only with DEV_MAILBOX_ALLOW_REMOTE=true', async () => {
    app = await buildTestApp({ ...NO_RELAY, DEV_MAILBOX_ALLOW_REMOTE: 'true' });
    expect((await mailbox({ remoteAddress: REMOTE })).statusCode).toBe(200);
    expect(await configFor({ remoteAddress: REMOTE })).toBe(true);
  });

  it('says in the start-up log whether it is on and to whom it answers', async () => {
    const local = captureLog();
    app = await buildTestApp(NO_RELAY, { log: local });
    expect(local.text()).toMatch(/dev mailbox is on .*loopback/i);
    await app.close();

    const open = captureLog();
    app = await buildTestApp({ ...NO_RELAY, DEV_MAILBOX_ALLOW_REMOTE: 'true' }, { log: open });
    expect(open.entries().find((e) => /dev mailbox is on/i.test(String(e.msg)))).toMatchObject({ level: 40 });
    expect(open.text()).toMatch(/any client/i);
    await app.close();

    const relay = captureLog();
    app = await buildTestApp(RELAY, { log: relay });
    expect(relay.text()).toMatch(/dev mailbox is off/i);
  });
});
