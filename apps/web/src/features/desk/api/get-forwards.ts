import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { deskKeys, type ForwardFilters } from './keys';

/** Live forwards' mark-to-market moves with the market: read again each minute while on screen. */
const FORWARDS_REFRESH_MS = 60_000;

/** GET /api/desk/forwards?status&currency — by maturity, live ones marked to market. */
export function getForwards(filters: ForwardFilters, signal?: AbortSignal) {
  const params = new URLSearchParams();
  if (filters.status) params.set('status', filters.status);
  if (filters.currency) params.set('currency', filters.currency);
  const query = params.toString();
  return apiRequest(`/desk/forwards${query ? `?${query}` : ''}`, {
    signal,
    schema: 'forwardListResponseSchema',
  }).then((r) => r.data.forwards);
}

export const forwardsQuery = (filters: ForwardFilters = {}) =>
  queryOptions({
    queryKey: deskKeys.forwardList(filters),
    queryFn: ({ signal }) => getForwards(filters, signal),
    refetchInterval: FORWARDS_REFRESH_MS,
    staleTime: 0,
    ...retryDataLoading,
  });

export function useForwards(filters: ForwardFilters = {}) {
  return useQuery(forwardsQuery(filters));
}
