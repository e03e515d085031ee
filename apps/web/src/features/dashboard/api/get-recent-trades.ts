import { queryOptions, useQuery } from '@tanstack/react-query';
import { DASHBOARD, POLLING_MS } from '@tp/shared';
import { retryDataLoading } from '@/lib/query-client';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** GET /api/trades?limit=10 — the newest orders (10 fetched, 5 shown; polled every 30 s, spec 01 §9). */
export function getRecentTrades(signal?: AbortSignal) {
  return apiRequest(`/trades?limit=${DASHBOARD.recentTradesFetched}`, { signal, schema: 'tradeListResponseSchema' });
}

export const recentTradesQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.recentTrades(),
    queryFn: ({ signal }) => getRecentTrades(signal),
    staleTime: POLLING_MS.trades,
    refetchInterval: POLLING_MS.trades,
    ...retryDataLoading,
  });

export function useRecentTrades() {
  return useQuery(recentTradesQuery());
}
