import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { deskKeys } from './keys';

/** Spots move every second: the hedge view is read again each minute while it is on screen. */
const EXPOSURE_REFRESH_MS = 60_000;

/** GET /api/desk/exposure — the ladder, rates, revaluation, mark-to-market, scenarios and what falls due next. */
export function getExposure(signal?: AbortSignal) {
  return apiRequest('/desk/exposure', { signal, schema: 'exposureResponseSchema' }).then((r) => r.data);
}

export const exposureQuery = () =>
  queryOptions({
    queryKey: deskKeys.exposure(),
    queryFn: ({ signal }) => getExposure(signal),
    refetchInterval: EXPOSURE_REFRESH_MS,
    staleTime: 0,
    ...retryDataLoading,
  });

export function useExposure() {
  return useQuery(exposureQuery());
}
