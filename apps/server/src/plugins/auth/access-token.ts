import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { AUTH } from '@tp/shared';
import { purposeKey } from '../tokens/signatures';

/** Short-lived access tokens (JWT, HS256): who the user is and which session (device) signed in. */

const ISSUER = 'trading-portal';
const AUDIENCE = 'trading-portal-api';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

/** The claims of a verified token, with when it expires (ms since the epoch). */
export interface VerifiedClaims extends AccessClaims {
  expiresAtMs: number;
}

/** The signing key's purpose: AUTH_SECRET signs nothing itself (plugins/tokens/signatures.ts). */
export const ACCESS_TOKEN_PURPOSE = 'tp:access-token:v1';

// one key object per secret: importing the key on every request is a measurable share of a signed-in read
const keys = new Map<string, KeyObject>();
function keyFor(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(purposeKey(secret, ACCESS_TOKEN_PURPOSE));
    keys.set(secret, key);
  }
  return key;
}

export async function signAccessToken(secret: string, claims: AccessClaims): Promise<string> {
  return new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(claims.userId)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(`${AUTH.accessTokenTtlSeconds}s`)
    .sign(keyFor(secret));
}

/**
 * Tokens whose signature was already verified, until they expire: a client sends the same token
 * for its 15 minutes, and an HMAC through WebCrypto was ≈ 8 % of a busy server's CPU. Only valid
 * tokens are kept (so random tokens cannot fill it), per secret, the oldest dropped first.
 */
const verified = new Map<string, Map<string, VerifiedClaims>>();
const MAX_VERIFIED_TOKENS = 10_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** The claims of a valid, unexpired access token whose user and session ids are UUIDs, or null. */
export async function verifyAccessToken(secret: string, token: string): Promise<VerifiedClaims | null> {
  let cache = verified.get(secret);
  if (!cache) verified.set(secret, (cache = new Map()));
  const known = cache.get(token);
  if (known) {
    if (known.expiresAtMs > Date.now()) return known;
    cache.delete(token);
    return null;
  }
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    // the ids go into statements as uuid: a signed token with other text in them is invalid, not a failed query
    if (!isUuid(payload.sub) || !isUuid(payload.sid) || typeof payload.exp !== 'number') return null;
    const claims = { userId: payload.sub, sessionId: payload.sid, expiresAtMs: payload.exp * 1_000 };
    if (cache.size >= MAX_VERIFIED_TOKENS) cache.delete(cache.keys().next().value!);
    cache.set(token, claims);
    return claims;
  } catch {
    return null;
  }
}
