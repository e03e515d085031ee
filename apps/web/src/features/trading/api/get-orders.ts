import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { POLLING_MS, type OrderQuery } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { tradingKeys } from './keys';

/** GET /api/trades?symbol&startDate&endDate&status&limit&offset — the user's orders, newest first. */
export function getOrders(query: OrderQuery, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return apiRequest(`/trades?${params}`, { signal, schema: 'orderListResponseSchema' });
}

/** Rows of the trade history's page. */
export const HISTORY_PAGE_SIZE = 10;

/** The trade history's page `page` (from 0): its rows, before the user's filters. */
export const historyPage = (page: number) => ({ limit: HISTORY_PAGE_SIZE, offset: page * HISTORY_PAGE_SIZE });

/** The open orders /trades lists: the pending ones, at most 50. */
export const OPEN_ORDERS_QUERY: OrderQuery = { status: 'pending', limit: 50 };

export const ordersQuery = (query: OrderQuery) =>
  queryOptions({
    queryKey: tradingKeys.orderList(query),
    queryFn: ({ signal }) => getOrders(query, signal),
    // a closed account's orders no longer change
    refetchInterval: query.accountId ? false : POLLING_MS.trades,
    staleTime: 0,
    placeholderData: keepPreviousData,
    ...retryDataLoading,
  });

export function useOrders(query: OrderQuery) {
  return useQuery(ordersQuery(query));
}
