import { SIGNED_URL_DEFAULT_SECONDS, SIGNED_URL_MAX_SECONDS } from '@tp/shared';
import { purposeKey, sameBytes, sign } from '../../plugins/tokens/signatures';

/**
 * Expiring links to `/api/content/access/{id}`: `?expires=<unix seconds>&signature=<HMAC-SHA256>`.
 * The HMAC key is derived from AUTH_SECRET for this purpose only, so a signature is never a token
 * of another kind.
 */

export type SignatureCheck = 'valid' | 'expired' | 'invalid';

function signature(secret: string, fileId: string, expires: number): Buffer {
  return sign(purposeKey(secret, 'tp:content-signed-url:v1'), `${fileId}\n${expires}`);
}

export const accessPath = (fileId: string) => `/api/content/access/${encodeURIComponent(fileId)}`;

/** `expires=…&signature=…` for a link to `fileId` valid until `expires` (unix seconds). */
export function signedQuery(secret: string, fileId: string, expires: number): string {
  return new URLSearchParams({
    expires: String(expires),
    signature: signature(secret, fileId, expires).toString('base64url'),
  }).toString();
}

export function signContentUrl(options: {
  secret: string;
  publicUrl: string;
  fileId: string;
  expiresInSeconds?: number;
  now?: number;
}): { signedUrl: string; expiresAt: Date } {
  const seconds = options.expiresInSeconds ?? SIGNED_URL_DEFAULT_SECONDS;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > SIGNED_URL_MAX_SECONDS) {
    throw new RangeError(`expiresInSeconds must be a whole number from 1 to ${SIGNED_URL_MAX_SECONDS}`);
  }
  const expires = Math.floor((options.now ?? Date.now()) / 1000) + seconds;
  return {
    signedUrl: `${options.publicUrl}${accessPath(options.fileId)}?${signedQuery(options.secret, options.fileId, expires)}`,
    expiresAt: new Date(expires * 1000),
  };
}

/** Checks the query of a signed link; the signature is compared in constant time before the expiry. */
export function verifyContentSignature(options: {
  secret: string;
  fileId: string;
  expires: unknown;
  signature: unknown;
  now?: number;
}): SignatureCheck {
  const { expires, signature: given } = options;
  if (typeof expires !== 'string' || !/^\d{1,12}$/.test(expires)) return 'invalid';
  if (typeof given !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(given)) return 'invalid';
  const expected = signature(options.secret, options.fileId, Number(expires));
  const received = Buffer.from(given, 'base64url');
  if (!sameBytes(received, expected)) return 'invalid';
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  if (Number(expires) > nowSeconds + SIGNED_URL_MAX_SECONDS + 60) return 'invalid';
  return Number(expires) <= nowSeconds ? 'expired' : 'valid';
}
