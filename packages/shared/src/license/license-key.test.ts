import { generateKeyPairSync, type KeyObject } from 'node:crypto';
import { CompactSign } from 'jose';
import { describe, expect, it } from 'vitest';
import { LICENSE_MESSAGES, licenseFor, lowestTierWith } from '../api/license';
import { SHIPPED_LICENSE_PUBLIC_KEY, spkiBase64, verifyLicenseKey } from './license-key';

/** A dev key pair made at test time: the shipped key's private half is not in the repository. */
function keyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519');
  return { publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'), privateKey };
}

const NOW = new Date('2026-03-01T12:00:00Z');
const DAY = 86_400;
const at = (date: Date) => Math.floor(date.getTime() / 1000);

async function sign(
  privateKey: KeyObject,
  payload: Record<string, unknown> = {},
  header: Record<string, unknown> = {},
): Promise<string> {
  const claims = {
    iss: 'trading-portal',
    sub: 'Acme Exports Ltd',
    tier: 'developer',
    jti: 'lic-1',
    iat: at(NOW) - DAY,
    exp: at(NOW) + 365 * DAY,
    ...payload,
  };
  return new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
    .setProtectedHeader({ alg: 'EdDSA', typ: 'license+jwt', ...header })
    .sign(privateKey);
}

describe('verifyLicenseKey', () => {
  const issuer = keyPair();
  const options = { publicKey: issuer.publicKey, now: NOW };

  it('accepts a key signed by the trusted key, with its claims', async () => {
    const check = await verifyLicenseKey(await sign(issuer.privateKey), options);
    expect(check).toMatchObject({
      status: 'active',
      warning: null,
      claims: { tier: 'developer', sub: 'Acme Exports Ltd' },
    });
  });

  it('accepts the public key as PEM too', async () => {
    const pem = `-----BEGIN PUBLIC KEY-----\n${issuer.publicKey}\n-----END PUBLIC KEY-----\n`;
    const check = await verifyLicenseKey(await sign(issuer.privateKey), { publicKey: pem, now: NOW });
    expect(check.status).toBe('active');
    expect(spkiBase64(pem)).toBe(issuer.publicKey);
  });

  it('refuses a forged key (signed by another key) as an invalid signature', async () => {
    const forger = keyPair();
    const check = await verifyLicenseKey(await sign(forger.privateKey, { tier: 'enterprise' }), options);
    expect(check).toEqual({ status: 'invalid', error: LICENSE_MESSAGES.invalidSignature, code: 'invalidSignature' });
  });

  it('refuses a tampered key (payload changed after signing)', async () => {
    const [header, , signature] = (await sign(issuer.privateKey)).split('.');
    const upgraded = Buffer.from(
      JSON.stringify({
        iss: 'trading-portal',
        sub: 'Acme Exports Ltd',
        tier: 'enterprise',
        jti: 'lic-1',
        iat: 1,
        exp: at(NOW) + 999 * DAY,
      }),
    ).toString('base64url');
    const check = await verifyLicenseKey(`${header}.${upgraded}.${signature}`, options);
    expect(check).toMatchObject({ status: 'invalid', error: 'Invalid license key signature' });
  });

  it('refuses malformed and short keys with the spec text', async () => {
    for (const key of [
      '',
      'short',
      '123456789',
      'not a license key at all',
      'a.b',
      'a.b.c.d',
      '!!!!!!!!!!.x.y',
      'eyJhbGciOiJub25lIn0.e30.',
    ]) {
      expect(await verifyLicenseKey(key, options), key).toEqual({
        status: 'invalid',
        error: 'Invalid license key format',
        code: 'invalidFormat',
      });
    }
  });

  it('refuses a correctly signed token that is not a license (wrong type or claims)', async () => {
    expect((await verifyLicenseKey(await sign(issuer.privateKey, {}, { typ: 'JWT' }), options)).status).toBe('invalid');
    expect((await verifyLicenseKey(await sign(issuer.privateKey, { tier: 'platinum' }), options)).status).toBe(
      'invalid',
    );
    expect((await verifyLicenseKey(await sign(issuer.privateKey, { iss: 'someone-else' }), options)).status).toBe(
      'invalid',
    );
  });

  it('says "License has expired" once the expiry has passed', async () => {
    const key = await sign(issuer.privateKey, { exp: at(NOW) - 1 });
    expect(await verifyLicenseKey(key, options)).toMatchObject({ status: 'expired', error: 'License has expired' });
    const exactlyNow = await sign(issuer.privateKey, { exp: at(NOW) });
    expect((await verifyLicenseKey(exactlyNow, options)).status).toBe('expired');
  });

  it('warns, naming the date, within 30 days of expiry', async () => {
    const in30 = await sign(issuer.privateKey, { exp: at(new Date('2026-03-31T12:00:00Z')) });
    expect(await verifyLicenseKey(in30, options)).toMatchObject({
      status: 'expiring',
      warning: 'Your license expires on 2026-03-31. Renew it before then to keep its features.',
    });
    const in31 = await sign(issuer.privateKey, { exp: at(new Date('2026-04-01T12:00:01Z')) });
    expect(await verifyLicenseKey(in31, options)).toMatchObject({ status: 'active', warning: null });
  });

  it('trusts the shipped public key by default, whose private half nobody here has', async () => {
    expect(SHIPPED_LICENSE_PUBLIC_KEY).toMatch(/^MCowBQYDK2VwAyEA/); // an Ed25519 SPKI
    const check = await verifyLicenseKey(await sign(issuer.privateKey), { now: NOW });
    expect(check.status).toBe('invalid');
  });
});

describe('license tiers', () => {
  it('gives no license the base set only, and the developer tier the spec features, 5 users, no white label', () => {
    expect(licenseFor('none').features).toEqual(['button', 'card', 'input', 'typography', 'layout', 'design-tokens']);
    const developer = licenseFor('developer');
    expect(developer.features).toEqual(
      expect.arrayContaining(['premium-components', 'advanced-theming', 'email-support', 'basic-analytics', 'button']),
    );
    expect(developer.features).not.toContain('advanced-dashboard');
    expect(developer.restrictions).toEqual({ maxUsers: 5, whiteLabel: false });
    expect(licenseFor('enterprise').restrictions).toEqual({ maxUsers: null, whiteLabel: true });
  });

  it('names the cheapest tier in the upgrade message', () => {
    expect(lowestTierWith('advanced-dashboard')).toBe('team');
    expect(LICENSE_MESSAGES.featureNotLicensed('advanced-dashboard')).toBe(
      'The advanced-dashboard feature requires a commercial license. Please upgrade to the Team plan or higher to use it.',
    );
  });
});
