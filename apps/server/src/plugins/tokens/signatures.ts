import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed links and shared secrets, one way: each use of AUTH_SECRET signs with a key of its own
 * (`purposeKey`, so a signature made for one purpose is never valid for another; the secret itself
 * signs nothing), HMAC-SHA256 over a subject, compared in constant time. Signed content links,
 * campaign links, refresh-token successors and the access tokens' JWT key use it; one-time tokens
 * (one-time-tokens.ts) are random and stored as hashes instead.
 */

const keys = new Map<string, Buffer>();

/** The key for one purpose, e.g. `tp:content-signed-url:v1`: HMAC(secret, purpose), made once. */
export function purposeKey(secret: string, purpose: string): Buffer {
  const id = `${purpose}\n${secret}`;
  let key = keys.get(id);
  if (!key) {
    key = createHmac('sha256', secret).update(purpose).digest();
    keys.set(id, key);
  }
  return key;
}

/** HMAC-SHA256 of `subject` under `key`, cut to its first `bytes` (16 or more) when asked. */
export function sign(key: Buffer, subject: string, bytes = 32): Buffer {
  const mac = createHmac('sha256', key).update(subject).digest();
  return bytes < mac.length ? mac.subarray(0, bytes) : mac;
}

/** Whether two byte strings are equal, in time that does not depend on where they differ. */
export function sameBytes(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Whether a secret given with a request is the configured one (compared as digests of equal length). */
export function sameSecret(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(expected), digest(given));
}
