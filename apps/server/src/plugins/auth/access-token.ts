import { createSecretKey, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { AUTH } from '@tp/shared';

/** Short-lived access tokens (JWT, HS256): who the user is and which session (device) signed in. */

const ISSUER = 'trading-portal';
const AUDIENCE = 'trading-portal-api';

export interface AccessClaims {
  userId: string;
  sessionId: string;
}

// one key object per secret: importing the key on every request is a measurable share of a signed-in read
const keys = new Map<string, KeyObject>();
function keyFor(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret, 'utf8'));
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

/** The claims of a valid, unexpired access token, or null. */
export async function verifyAccessToken(secret: string, token: string): Promise<AccessClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyFor(secret), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['HS256'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string') return null;
    return { userId: payload.sub, sessionId: payload.sid };
  } catch {
    return null;
  }
}
