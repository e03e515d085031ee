import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLLING_MS } from '@tp/shared';
import { retryDataLoading } from '@/lib/query-client';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** GET /api/portfolio — the paper account's value, cash and positions (polled every 10 s, spec 01 §9). */
export function getPortfolio(signal?: AbortSignal) {
  return apiRequest('/portfolio', { signal, schema: 'portfolioResponseSchema' });
}

export const portfolioQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.portfolio(),
    queryFn: ({ signal }) => getPortfolio(signal),
    staleTime: POLLING_MS.portfolio,
    refetchInterval: POLLING_MS.portfolio,
    ...retryDataLoading,
  });

export function usePortfolio() {
  return useQuery(portfolioQuery());
}
