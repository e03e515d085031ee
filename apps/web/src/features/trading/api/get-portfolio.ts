import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLLING_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { tradingKeys } from './keys';

/** GET /api/portfolio — cash, positions and P&L at the current second's prices, every 10 s. */
export const portfolioQuery = () =>
  queryOptions({
    queryKey: tradingKeys.portfolio(),
    queryFn: ({ signal }) =>
      apiRequest('/portfolio', { signal, schema: 'portfolioResponseSchema' }).then((r) => r.data),
    refetchInterval: POLLING_MS.portfolio,
    staleTime: 0,
    ...retryDataLoading,
  });

export function usePortfolio() {
  return useQuery(portfolioQuery());
}
