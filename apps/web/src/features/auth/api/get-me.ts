import { TIMEOUTS_MS } from '@tp/shared';
import { apiRequest, CLIENT_RETRIES } from '@/lib/api-client';

/**
 * GET /api/auth/me — the signed-in user and whether the profile is complete. Read by the
 * AuthProvider, which holds the user (it is in the shell, before TanStack Query is loaded).
 */
export function getMe(signal?: AbortSignal) {
  return apiRequest('/auth/me', {
    signal,
    timeoutMs: TIMEOUTS_MS.auth,
    retries: CLIENT_RETRIES,
    schema: 'meResponseSchema',
  });
}
