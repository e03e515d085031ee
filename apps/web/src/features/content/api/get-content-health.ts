import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMEOUTS_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { contentKeys } from './keys';

/** GET /api/content/health — the search tab's status panel (503 when the service is not ok). */
export function getContentHealth(signal?: AbortSignal) {
  return apiRequest('/content/health', {
    signal,
    auth: false,
    timeoutMs: TIMEOUTS_MS.health,
    schema: 'contentHealthResponseSchema',
  });
}

export const contentHealthQuery = () =>
  queryOptions({
    queryKey: contentKeys.health(),
    queryFn: ({ signal }) => getContentHealth(signal),
    retry: false,
    staleTime: 60_000,
  });

export function useContentHealth() {
  return useQuery(contentHealthQuery());
}
