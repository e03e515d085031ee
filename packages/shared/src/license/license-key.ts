import { compactVerify, decodeProtectedHeader, errors, importSPKI, type CryptoKey } from 'jose';
import {
  LICENSE_EXPIRY_WARNING_DAYS,
  LICENSE_KEY_MAX_LENGTH,
  LICENSE_KEY_MIN_LENGTH,
  LICENSE_MESSAGES,
  licenseClaimsSchema,
  type LicenseClaims,
} from '../api/license';

/**
 * The public half of the key that signs this product's licenses (Ed25519, SPKI DER in base64).
 * Its private half is not in the repository. An operator who issues their own licenses makes a
 * pair (`npm run license:keygen`) and sets LICENSE_PUBLIC_KEY on the server to override this one.
 */
export const SHIPPED_LICENSE_PUBLIC_KEY = 'MCowBQYDK2VwAyEAbCFqkQCCSI1zkSWUsLHpqxJkvr5H06s5q3/bv6qebw8=';

export const LICENSE_ALGORITHMS = ['EdDSA', 'Ed25519'];
export const LICENSE_TOKEN_TYPE = 'license+jwt';

const COMPACT_JWS = /^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;
const DAY_MS = 86_400_000;

export type LicenseCheck =
  | { status: 'invalid'; error: string; code: 'invalidFormat' | 'invalidSignature' }
  /** This runtime's Web Crypto has no Ed25519 (older browsers): only the server can tell. */
  | { status: 'unsupported' }
  | { status: 'expired'; error: string; claims: LicenseClaims }
  | { status: 'active' | 'expiring'; claims: LicenseClaims; warning: string | null };

/** The base64 body of an SPKI key given as PEM or as bare base64. */
export function spkiBase64(publicKey: string): string {
  return publicKey
    .replace(/-----(BEGIN|END) PUBLIC KEY-----/g, '')
    .replace(/\\n/g, '')
    .replace(/\s+/g, '');
}

const toPem = (base64: string) =>
  `-----BEGIN PUBLIC KEY-----\n${base64.match(/.{1,64}/g)?.join('\n') ?? ''}\n-----END PUBLIC KEY-----`;

const importedKeys = new Map<string, Promise<CryptoKey>>();
function importPublicKey(publicKey: string): Promise<CryptoKey> {
  const base64 = spkiBase64(publicKey);
  let key = importedKeys.get(base64);
  if (!key) {
    key = importSPKI(toPem(base64), 'EdDSA') as Promise<CryptoKey>;
    importedKeys.set(base64, key);
    key.catch(() => importedKeys.delete(base64));
  }
  return key;
}

/** "2026-09-01" */
export const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/**
 * Verifies a license key: its shape, its Ed25519 signature against the public key, its claims and
 * its expiry. Runs the same in Node and in browsers with Web Crypto Ed25519.
 */
export async function verifyLicenseKey(
  key: string,
  options: { publicKey?: string; now?: Date } = {},
): Promise<LicenseCheck> {
  const token = key.trim();
  const invalidFormat = { status: 'invalid', error: LICENSE_MESSAGES.invalidFormat, code: 'invalidFormat' } as const;
  if (token.length < LICENSE_KEY_MIN_LENGTH || token.length > LICENSE_KEY_MAX_LENGTH || !COMPACT_JWS.test(token)) {
    return invalidFormat;
  }
  try {
    const header = decodeProtectedHeader(token);
    if (header.typ !== LICENSE_TOKEN_TYPE || !LICENSE_ALGORITHMS.includes(String(header.alg))) return invalidFormat;
  } catch {
    return invalidFormat;
  }

  let verifyKey: CryptoKey;
  try {
    verifyKey = await importPublicKey(options.publicKey ?? SHIPPED_LICENSE_PUBLIC_KEY);
  } catch (error) {
    if (error instanceof Error && error.name === 'NotSupportedError') return { status: 'unsupported' };
    if (error instanceof errors.JOSENotSupported) return { status: 'unsupported' };
    throw error;
  }

  let payload: Uint8Array;
  try {
    ({ payload } = await compactVerify(token, verifyKey, { algorithms: LICENSE_ALGORITHMS }));
  } catch (error) {
    if (error instanceof errors.JWSSignatureVerificationFailed) {
      return { status: 'invalid', error: LICENSE_MESSAGES.invalidSignature, code: 'invalidSignature' };
    }
    return invalidFormat;
  }

  let claims: LicenseClaims;
  try {
    const parsed = licenseClaimsSchema.safeParse(JSON.parse(new TextDecoder().decode(payload)));
    if (!parsed.success) return invalidFormat;
    claims = parsed.data;
  } catch {
    return invalidFormat;
  }

  const now = (options.now ?? new Date()).getTime();
  const expiresAt = claims.exp * 1000;
  if (expiresAt <= now) return { status: 'expired', error: LICENSE_MESSAGES.expired, claims };
  if (expiresAt - now <= LICENSE_EXPIRY_WARNING_DAYS * DAY_MS) {
    return { status: 'expiring', claims, warning: LICENSE_MESSAGES.expiresSoon(isoDay(new Date(expiresAt))) };
  }
  return { status: 'active', claims, warning: null };
}
