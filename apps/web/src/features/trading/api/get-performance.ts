import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { tradingKeys } from './keys';

/** GET /api/analytics/performance — equity curve, returns, P&L and win rate since the account opened; every minute. */
export const performanceQuery = () =>
  queryOptions({
    queryKey: tradingKeys.performance(),
    queryFn: ({ signal }) =>
      apiRequest('/analytics/performance', { signal, schema: 'performanceResponseSchema' }).then((r) => r.data),
    refetchInterval: 60_000,
    staleTime: 0,
    ...retryDataLoading,
  });

export const usePerformance = () => useQuery(performanceQuery());
