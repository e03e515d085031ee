import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  IDEMPOTENCY_KEY_HEADER,
  POLLING_MS,
  type AmendOrderRequest,
  type OrderRequest,
  type TradeQuery,
} from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { tradingKeys } from './keys';

/** GET /api/trades?symbol&startDate&endDate&status&limit&offset — the user's orders, newest first. */
export function getTrades(query: TradeQuery, signal?: AbortSignal) {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  return apiRequest(`/trades?${params}`, { signal, schema: 'tradeListResponseSchema' });
}

export const tradesQuery = (query: TradeQuery) =>
  queryOptions({
    queryKey: tradingKeys.orderList(query),
    queryFn: ({ signal }) => getTrades(query, signal),
    // a closed account's orders no longer change
    refetchInterval: query.accountId ? false : POLLING_MS.trades,
    staleTime: 0,
    placeholderData: keepPreviousData,
    ...retryDataLoading,
  });

export function useTrades(query: TradeQuery) {
  return useQuery(tradesQuery(query));
}

/** Orders, the portfolio and the analytics all change when an order is placed, filled or cancelled. */
function useInvalidateBooks() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: tradingKeys.orders() }),
      queryClient.invalidateQueries({ queryKey: tradingKeys.portfolio() }),
      queryClient.invalidateQueries({ queryKey: tradingKeys.analytics() }),
    ]);
}

export interface PlaceOrderInput {
  order: OrderRequest;
  /** One key per order the user submits: a retried request (timeout, lost answer) places it once. */
  idempotencyKey: string;
}

/** POST /api/trades with an Idempotency-Key; the client's own retries reuse the key. */
export function placeOrder({ order, idempotencyKey }: PlaceOrderInput) {
  return apiRequest('/trades', {
    method: 'POST',
    body: order,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    schema: 'tradeResponseSchema',
  }).then((r) => r.data);
}

export function usePlaceOrder() {
  const invalidate = useInvalidateBooks();
  return useMutation({ mutationFn: placeOrder, onSettled: invalidate });
}

/** PATCH /api/trades/{id}/cancel — only while pending (409 otherwise). */
export function cancelOrder(id: string) {
  return apiRequest(`/trades/${encodeURIComponent(id)}/cancel`, {
    method: 'PATCH',
    retries: 0,
    schema: 'tradeResponseSchema',
  }).then((r) => r.data);
}

export function useCancelOrder() {
  const invalidate = useInvalidateBooks();
  return useMutation({ mutationFn: cancelOrder, onSettled: invalidate });
}

/** PATCH /api/trades/{id} — new quantity, limit, stop or time in force for a pending order. */
export function amendOrder({ id, changes }: { id: string; changes: AmendOrderRequest }) {
  return apiRequest(`/trades/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
    retries: 0,
    schema: 'tradeResponseSchema',
  }).then((r) => r.data);
}

export function useAmendOrder() {
  const invalidate = useInvalidateBooks();
  return useMutation({ mutationFn: amendOrder, onSettled: invalidate });
}
