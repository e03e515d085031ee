import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { licenseStateSchema, verifyLicenseKey, type LicensedTier } from '@tp/shared';
import { buildTestApp, createUser, signedInClient, useSignedInTestApp } from '../../test/kit';
import { users } from '../users/users.tables';
import { userLicenses } from './license.tables';
import { generateLicenseKeyPair, issueLicenseKey } from './license-signing';

const DAY_MS = 86_400_000;
// a dev pair made at test time; the server under test trusts its public half
const issuer = generateLicenseKeyPair();
const forger = generateLicenseKeyPair();

const key = (tier: LicensedTier, days = 365, options: { id?: string; privateKey?: string } = {}) =>
  issueLicenseKey(options.privateKey ?? issuer.privateKey, {
    tier,
    licensee: 'Acme Exports Ltd',
    expiresAt: new Date(Date.now() + days * DAY_MS),
    id: options.id,
  });

describe('license keys: /api/me/license', () => {
  const t = useSignedInTestApp({ LICENSE_PUBLIC_KEY: issuer.publicKey });

  const state = async (client = t.client) => {
    const res = await client.get('/api/me/license');
    expect(res.statusCode, res.body).toBe(200);
    return licenseStateSchema.parse(res.json());
  };
  const activate = (licenseKey: unknown, client = t.client) => client.post('/api/me/license', { key: licenseKey });
  const plan = async (userId = t.client.user.id) =>
    (await t.app.deps.db.select({ plan: users.plan }).from(users).where(eq(users.id, userId)))[0]?.plan;

  it('refuses a caller without a session, and serves the public key in force to anyone', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/me/license' })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'GET', url: '/api/license/public-key' });
    expect(res.json()).toEqual({ algorithm: 'EdDSA', publicKey: issuer.publicKey });
  });

  it('gives a user without a license the base feature set', async () => {
    expect(await state()).toEqual({
      status: 'none',
      license: {
        type: 'none',
        expiry: null,
        features: ['button', 'card', 'input', 'typography', 'layout', 'design-tokens'],
        restrictions: { maxUsers: 1, whiteLabel: false },
        metadata: { issued: null, licensee: null, licenseKey: null },
      },
      warning: null,
      error: null,
    });
  });

  it('activates a developer key: its features, 5 users, no white label; the plan follows', async () => {
    const licenseKey = await key('developer');
    const res = await activate(licenseKey);
    expect(res.statusCode, res.body).toBe(200);
    const answer = licenseStateSchema.parse(res.json());
    expect(answer).toMatchObject({ status: 'active', warning: null, error: null });
    expect(answer.license).toMatchObject({
      type: 'developer',
      restrictions: { maxUsers: 5, whiteLabel: false },
      metadata: { licensee: 'Acme Exports Ltd', licenseKey: `…${licenseKey.slice(-8)}` },
    });
    expect(answer.license.features).toEqual(
      expect.arrayContaining(['premium-components', 'advanced-theming', 'email-support', 'basic-analytics']),
    );
    expect(await plan()).toBe('developer');
    expect((await t.client.get('/api/auth/me')).json().user.plan).toBe('developer');
    expect(await state()).toEqual(answer);
  });

  it('refuses forged, tampered, malformed and expired keys with the spec texts, naming the field', async () => {
    const genuine = await key('developer');
    const [header, , signature] = genuine.split('.');
    const payload = JSON.parse(Buffer.from(genuine.split('.')[1]!, 'base64url').toString());
    const tampered = `${header}.${Buffer.from(JSON.stringify({ ...payload, tier: 'enterprise' })).toString('base64url')}.${signature}`;
    const cases: [unknown, number, string, string][] = [
      [
        await key('enterprise', 365, { privateKey: forger.privateKey }),
        400,
        'Invalid license key signature',
        'INVALID_LICENSE_SIGNATURE',
      ],
      [tampered, 400, 'Invalid license key signature', 'INVALID_LICENSE_SIGNATURE'],
      ['short', 400, 'Invalid license key format', 'INVALID_LICENSE_KEY'],
      ['', 400, 'Invalid license key format', 'INVALID_LICENSE_KEY'],
      ['this is not a license key', 400, 'Invalid license key format', 'INVALID_LICENSE_KEY'],
      [await key('developer', -1), 400, 'License has expired', 'LICENSE_EXPIRED'],
    ];
    for (const [licenseKey, status, error, code] of cases) {
      const res = await activate(licenseKey);
      expect(res.statusCode, error).toBe(status);
      expect(res.json(), error).toMatchObject({
        success: false,
        error,
        code,
        details: [{ field: 'key', message: error }],
      });
    }
    const missing = await t.client.post('/api/me/license', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].field).toBe('key');
    expect((await activate(12345)).json().details[0].field).toBe('key');
    expect(await t.app.deps.db.select().from(userLicenses)).toHaveLength(0);
    expect(await plan()).toBe('free');
  });

  it('warns, naming the date, when the license expires within 30 days', async () => {
    const licenseKey = await key('team', 10);
    const answer = licenseStateSchema.parse((await activate(licenseKey)).json());
    const date = answer.license.expiry!.slice(0, 10);
    expect(answer).toMatchObject({
      status: 'expiring',
      warning: `Your license expires on ${date}. Renew it before then to keep its features.`,
    });
    expect(answer.license.type).toBe('team');
  });

  it('falls back to the base set, with "License has expired", once a stored key expires', async () => {
    expect((await activate(await key('developer', 365, { id: 'lic-old' }))).statusCode).toBe(200);
    const expired = await issueLicenseKey(issuer.privateKey, {
      tier: 'developer',
      licensee: 'Acme Exports Ltd',
      expiresAt: new Date(Date.now() - 1000),
      issuedAt: new Date(Date.now() - 365 * DAY_MS),
      id: 'lic-old',
    });
    await t.app.deps.db
      .update(userLicenses)
      .set({ licenseKey: expired })
      .where(eq(userLicenses.userId, t.client.user.id));
    const answer = await state();
    expect(answer).toMatchObject({ status: 'expired', error: 'License has expired', license: { type: 'none' } });
    expect(answer.license.features).not.toContain('premium-components');
    expect(await plan()).toBe('free');
  });

  it('refuses a feature outside the license with FEATURE_NOT_LICENSED and the upgrade message', async () => {
    const check = (feature: string) => t.client.get(`/api/me/license/features/${feature}`);
    const refused = await check('advanced-dashboard');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({
      success: false,
      code: 'FEATURE_NOT_LICENSED',
      error:
        'The advanced-dashboard feature requires a commercial license. Please upgrade to the Team plan or higher to use it.',
    });
    expect((await check('button')).json()).toEqual({ feature: 'button', licensed: true });

    await activate(await key('developer'));
    expect((await check('basic-analytics')).statusCode).toBe(200);
    expect((await check('advanced-dashboard')).statusCode).toBe(403);
    await activate(await key('team'));
    expect((await check('advanced-dashboard')).statusCode).toBe(200);
    expect((await check('white-label')).statusCode).toBe(403);

    const unknown = await check('time-travel');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details[0].field).toBe('feature');
  });

  it('lets at most 5 users share a developer license', async () => {
    const shared = await key('developer', 365, { id: 'lic-shared' });
    const colleagues = [t.client, ...(await Promise.all([1, 2, 3, 4].map(() => signedInClient(t.app))))];
    for (const colleague of colleagues) expect((await activate(shared, colleague)).statusCode).toBe(200);
    // activating again is not a new seat
    expect((await activate(shared, colleagues[2])).statusCode).toBe(200);
    const sixth = await signedInClient(t.app);
    const refused = await activate(shared, sixth);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'LICENSE_SEATS_EXHAUSTED',
      error: 'This license is already in use by 5 users, the most it allows.',
    });
    expect((await state(sixth)).status).toBe('none');
  });

  it("keeps each user's license to themselves, and removes it on request", async () => {
    await activate(await key('enterprise'));
    const bob = await signedInClient(t.app);
    expect((await state(bob)).status).toBe('none');
    expect((await bob.get('/api/me/license/features/white-label')).statusCode).toBe(403);

    const removed = await t.client.delete('/api/me/license');
    expect(licenseStateSchema.parse(removed.json()).status).toBe('none');
    expect(await plan()).toBe('free');
  });
});

describe('license keys: the shipped public key and the issuing script', () => {
  it('refuses a key the installation did not sign, when no LICENSE_PUBLIC_KEY overrides the shipped one', async () => {
    const app = await buildTestApp();
    try {
      const user = await createUser(app);
      const client = await signedInClient(app, user);
      const res = await client.post('/api/me/license', { key: await key('developer') });
      expect(res.json()).toMatchObject({ error: 'Invalid license key signature' });
    } finally {
      await app.close();
    }
  });

  it('npm run license:issue signs with LICENSE_PRIVATE_KEY and says which public key accepts it', async () => {
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
    const { stdout, stderr } = await promisify(execFile)(
      'npx',
      ['tsx', 'scripts/license.ts', 'issue', '--tier', 'team', '--licensee', 'Globex', '--days', '90'],
      { cwd: serverDir, env: { ...process.env, LICENSE_PRIVATE_KEY: issuer.privateKey, LICENSE_PUBLIC_KEY: '' } },
    );
    const check = await verifyLicenseKey(stdout.trim(), { publicKey: issuer.publicKey });
    expect(check).toMatchObject({ status: 'active', claims: { tier: 'team', sub: 'Globex' } });
    expect(stderr).toContain(`LICENSE_PUBLIC_KEY=${issuer.publicKey}`);
  });
});
