import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { tradingKeys } from './keys';

const MINUTE = 60_000;

/** GET /api/analytics/performance — equity curve, returns, P&L and win rate since the account opened. */
export const performanceQuery = () =>
  queryOptions({
    queryKey: tradingKeys.performance(),
    queryFn: ({ signal }) =>
      apiRequest('/analytics/performance', { signal, schema: 'performanceResponseSchema' }).then((r) => r.data),
    refetchInterval: MINUTE,
    staleTime: 0,
    ...retryDataLoading,
  });

/** GET /api/analytics/risk — volatility, drawdown, Sharpe, value at risk, concentration. */
export const riskQuery = () =>
  queryOptions({
    queryKey: tradingKeys.risk(),
    queryFn: ({ signal }) =>
      apiRequest('/analytics/risk', { signal, schema: 'riskResponseSchema' }).then((r) => r.data),
    refetchInterval: MINUTE,
    staleTime: 0,
    ...retryDataLoading,
  });

export const usePerformance = () => useQuery(performanceQuery());
export const useRisk = () => useQuery(riskQuery());
