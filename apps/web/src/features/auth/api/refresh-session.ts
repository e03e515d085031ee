import { TIMEOUTS_MS } from '@tp/shared';
import { ApiError, apiRequest } from '@/lib/api-client';
import { withRefreshLock } from '../refresh-lock';
import { announce } from '../tab-sync';
import { readTokens, REFRESH_KEY, TOKEN_KEY } from '../token-storage';

let inFlight: Promise<boolean> | null = null;

/**
 * Overwrites this tab's pair where it lives, touching nothing else: the other storage may hold
 * another tab's session, and other tabs read a removal as a sign-out.
 */
export function keepRotatedTokens(tokens: { token: string; refreshToken: string }): void {
  try {
    const storage = readTokens().remembered ? localStorage : sessionStorage;
    storage.setItem(TOKEN_KEY, tokens.token);
    storage.setItem(REFRESH_KEY, tokens.refreshToken);
  } catch {
    // storage disabled: the session lasts as long as this access token
  }
}

/** POST /api/auth/refresh — rotates the pair. False when the server refuses the refresh token. */
async function refreshWith(refreshToken: string): Promise<boolean> {
  try {
    const answer = await apiRequest('/auth/refresh', {
      method: 'POST',
      body: { refreshToken },
      auth: false,
      retries: 1,
      timeoutMs: TIMEOUTS_MS.auth,
      schema: 'refreshResponseSchema',
    });
    keepRotatedTokens(answer);
    announce({ type: 'rotated', from: refreshToken, ...answer });
    return true;
  } catch (error) {
    // a refused token ends the session; a network fault or outage does not (the caller sees the error)
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
    throw error;
  }
}

/**
 * One refresh at a time across every tab: the lock serialises tabs that share remembered tokens,
 * and a tab that waited finds the tokens another tab just rotated and reuses them instead of
 * replaying the old refresh token (which would revoke the session). Resolves true when a fresh
 * access token is stored.
 */
export function refreshSession(): Promise<boolean> {
  inFlight ??= (async () => {
    const before = readTokens().refreshToken;
    if (!before) return false;
    return withRefreshLock(async () => {
      const current = readTokens();
      if (!current.refreshToken) return false;
      if (current.refreshToken !== before) return Boolean(current.token);
      return refreshWith(current.refreshToken);
    });
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
