import { describe, expect, it } from 'vitest';
import { signContentUrl, verifyContentSignature } from './signed-url';

const secret = 'test-secret-that-is-long-enough-for-hs256-signing';
const publicUrl = 'http://localhost:3000';
const fileId = '0b6d6f3e-1c1f-4c5e-9a55-3c2f1e7f9a10';
const now = Date.UTC(2026, 10, 23, 12, 0, 0);

function sign(expiresInSeconds?: number) {
  const { signedUrl, expiresAt } = signContentUrl({ secret, publicUrl, fileId, expiresInSeconds, now });
  const url = new URL(signedUrl);
  return {
    url,
    expiresAt,
    expires: url.searchParams.get('expires') ?? '',
    signature: url.searchParams.get('signature') ?? '',
  };
}

describe('signed file links', () => {
  it('points at /api/content/access/{id} and lasts an hour by default', () => {
    const { url, expiresAt, expires } = sign();
    expect(`${url.origin}${url.pathname}`).toBe(`${publicUrl}/api/content/access/${fileId}`);
    expect(expiresAt.toISOString()).toBe('2026-11-23T13:00:00.000Z');
    expect(Number(expires)).toBe(now / 1000 + 3_600);
  });

  it('is valid until it expires, then expired', () => {
    const { expires, signature } = sign(60);
    expect(verifyContentSignature({ secret, fileId, expires, signature, now: now + 59_000 })).toBe('valid');
    expect(verifyContentSignature({ secret, fileId, expires, signature, now: now + 60_000 })).toBe('expired');
  });

  it('lasts at most seven days', () => {
    expect(sign(7 * 24 * 3_600).expiresAt.getTime()).toBe(now + 7 * 24 * 3_600_000);
    expect(() => sign(7 * 24 * 3_600 + 1)).toThrow(RangeError);
    expect(() => sign(0)).toThrow(RangeError);
    expect(() => sign(1.5)).toThrow(RangeError);
  });

  it('is invalid once anything is changed: the file, the expiry, the signature or the secret', () => {
    const { expires, signature } = sign();
    const check = (changes: Partial<Parameters<typeof verifyContentSignature>[0]>) =>
      verifyContentSignature({ secret, fileId, expires, signature, now, ...changes });
    expect(check({})).toBe('valid');
    expect(check({ fileId: '1b6d6f3e-1c1f-4c5e-9a55-3c2f1e7f9a10' })).toBe('invalid');
    expect(check({ expires: String(Number(expires) + 3_600) })).toBe('invalid');
    const flipped = (signature[0] === 'A' ? 'B' : 'A') + signature.slice(1);
    expect(check({ signature: flipped })).toBe('invalid');
    expect(check({ secret: `${secret}-rotated` })).toBe('invalid');
  });

  it('is invalid when the query is missing or malformed', () => {
    const { expires, signature } = sign();
    const check = (e: unknown, s: unknown) => verifyContentSignature({ secret, fileId, expires: e, signature: s, now });
    expect(check(undefined, signature)).toBe('invalid');
    expect(check(expires, undefined)).toBe('invalid');
    expect(check(['1', '2'], signature)).toBe('invalid');
    expect(check(`${expires}.5`, signature)).toBe('invalid');
    expect(check(expires, signature.slice(1))).toBe('invalid');
    expect(check(expires, `${signature}=`)).toBe('invalid');
  });
});
