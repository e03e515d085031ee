import { TIMEOUTS_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/auth/me — the signed-in user and whether the profile is complete. Read by the
 * AuthProvider, which holds the user (it is in the shell, before TanStack Query is loaded).
 */
export function getMe(signal?: AbortSignal) {
  return apiRequest('/auth/me', { signal, timeoutMs: TIMEOUTS_MS.auth, schema: 'meResponseSchema' });
}
