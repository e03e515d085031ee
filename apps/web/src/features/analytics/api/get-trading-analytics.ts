import { useQuery } from '@tanstack/react-query';
import { retryDataLoading } from '@/lib/query-client';
import { apiRequest } from '@/lib/api-client';
import { analyticsKeys } from './keys';

/** GET /api/analytics/performance — equity curve, returns, P&L, win rate of the paper account. */
export function usePerformance() {
  return useQuery({
    queryKey: analyticsKeys.performance(),
    queryFn: ({ signal }) => apiRequest('/analytics/performance', { signal, schema: 'performanceResponseSchema' }),
    ...retryDataLoading,
  });
}

/** GET /api/analytics/risk — volatility, drawdown, Sharpe ratio, value at risk, largest position. */
export function useRisk() {
  return useQuery({
    queryKey: analyticsKeys.risk(),
    queryFn: ({ signal }) => apiRequest('/analytics/risk', { signal, schema: 'riskResponseSchema' }),
    ...retryDataLoading,
  });
}
