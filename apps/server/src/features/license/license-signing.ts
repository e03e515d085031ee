import { createPrivateKey, createPublicKey, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import { CompactSign } from 'jose';
import { LICENSE_ISSUER, LICENSE_TOKEN_TYPE, type LicenseClaims, type LicensedTier } from '@tp/shared';

/**
 * Making license keys: only the issuer (`npm run license:issue`, and tests with a key pair of their
 * own) signs. Keys are one-line base64 DER — SPKI for the public half, PKCS#8 for the private —
 * or PEM, so they fit in an environment variable.
 */

const derBody = (key: string) =>
  key
    .replace(/-----(BEGIN|END) [A-Z ]+-----/g, '')
    .replace(/\\n/g, '')
    .replace(/\s+/g, '');

export function readPrivateKey(privateKey: string): KeyObject {
  const key = createPrivateKey({ key: Buffer.from(derBody(privateKey), 'base64'), format: 'der', type: 'pkcs8' });
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('LICENSE_PRIVATE_KEY must be an Ed25519 private key');
  return key;
}

/** The public half (SPKI, base64) of a private key: what LICENSE_PUBLIC_KEY must be for its licenses to verify. */
export function publicKeyOf(privateKey: string): string {
  return createPublicKey(readPrivateKey(privateKey)).export({ format: 'der', type: 'spki' }).toString('base64');
}

export function generateLicenseKeyPair(): { publicKey: string; privateKey: string } {
  const pair = generateKeyPairSync('ed25519');
  return {
    publicKey: pair.publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
    privateKey: pair.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
  };
}

export interface LicenseOrder {
  tier: LicensedTier;
  licensee: string;
  expiresAt: Date;
  issuedAt?: Date;
  /** The license id (jti); users who activate the same key share its seats. */
  id?: string;
}

export async function issueLicenseKey(privateKey: string, order: LicenseOrder): Promise<string> {
  const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
  const claims: LicenseClaims = {
    iss: LICENSE_ISSUER,
    sub: order.licensee,
    tier: order.tier,
    jti: order.id ?? `lic_${randomUUID()}`,
    iat: seconds(order.issuedAt ?? new Date()),
    exp: seconds(order.expiresAt),
  };
  return new CompactSign(new TextEncoder().encode(JSON.stringify(claims)))
    .setProtectedHeader({ alg: 'EdDSA', typ: LICENSE_TOKEN_TYPE })
    .sign(readPrivateKey(privateKey));
}
