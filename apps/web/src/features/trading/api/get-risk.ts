import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { tradingKeys } from './keys';

/** GET /api/analytics/risk — volatility, drawdown, Sharpe, value at risk, concentration; every minute. */
export const riskQuery = () =>
  queryOptions({
    queryKey: tradingKeys.risk(),
    queryFn: ({ signal }) =>
      apiRequest('/analytics/risk', { signal, schema: 'riskResponseSchema' }).then((r) => r.data),
    refetchInterval: 60_000,
    staleTime: 0,
    ...retryDataLoading,
  });

export const useRisk = () => useQuery(riskQuery());
