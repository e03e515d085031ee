import { TIMEOUTS_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { parseLazy } from '@/lib/parse-lazy';

export const meQueryKey = ['auth', 'me'] as const;

/** GET /api/auth/me — the signed-in user and whether the profile is complete. */
export function getMe(signal?: AbortSignal) {
  return parseLazy(
    () => import('./schemas').then((m) => m.meResponseSchema),
    apiRequest('/auth/me', { signal, timeoutMs: TIMEOUTS_MS.auth }),
  );
}
