import { useQuery } from '@tanstack/react-query';
import { TIMEOUTS_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { parseLazy } from '@/lib/parse-lazy';

export const sessionsQueryKey = ['auth', 'sessions'] as const;

/** GET /api/auth/sessions — the user's signed-in devices. */
export function getSessions(signal?: AbortSignal) {
  return parseLazy(
    () => import('./schemas').then((m) => m.sessionsResponseSchema),
    apiRequest('/auth/sessions', { signal, timeoutMs: TIMEOUTS_MS.auth }),
  );
}

export function useSessions() {
  return useQuery({ queryKey: sessionsQueryKey, queryFn: ({ signal }) => getSessions(signal), staleTime: 0 });
}
