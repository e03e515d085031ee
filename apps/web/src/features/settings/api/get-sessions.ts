import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMEOUTS_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** GET /api/auth/sessions — the user's signed-in devices. */
export function getSessions(signal?: AbortSignal) {
  return apiRequest('/auth/sessions', {
    signal,
    timeoutMs: TIMEOUTS_MS.auth,
    schema: 'sessionsResponseSchema',
  });
}

export const sessionsQuery = () =>
  queryOptions({ queryKey: settingsKeys.sessions(), queryFn: ({ signal }) => getSessions(signal), staleTime: 0 });

export function useSessions() {
  return useQuery(sessionsQuery());
}
