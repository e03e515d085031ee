import { apiRequest } from '@/lib/api-client';
import { parseLazy } from '@/lib/parse-lazy';
import { readTokens, updateTokens } from '../token-storage';

const LOCK_NAME = 'tp.auth.refresh';
let inFlight: Promise<boolean> | null = null;

async function refreshWith(refreshToken: string): Promise<boolean> {
  try {
    const answer = await parseLazy(
      () => import('./schemas').then((m) => m.refreshResponseSchema),
      apiRequest('/auth/refresh', { method: 'POST', body: { refreshToken }, auth: false, retries: 1 }),
    );
    updateTokens(answer);
    return true;
  } catch {
    return false;
  }
}

/**
 * POST /api/auth/refresh, once at a time across every tab: a Web Lock serialises tabs that share
 * remembered tokens, and a tab that waited finds the tokens another tab just rotated and reuses
 * them instead of replaying the old refresh token (which would revoke the session).
 */
export function refreshSession(): Promise<boolean> {
  inFlight ??= (async () => {
    const before = readTokens().refreshToken;
    if (!before) return false;
    const run = async () => {
      const current = readTokens();
      if (!current.refreshToken) return false;
      if (current.refreshToken !== before) return Boolean(current.token);
      return refreshWith(current.refreshToken);
    };
    return navigator.locks ? navigator.locks.request(LOCK_NAME, run) : run();
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
}
