import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLLING_MS, type Order } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { tradingKeys } from './keys';

/**
 * GET /api/trades/{id} — one order as it is now. Under the orders key, so a cancel, an amend or
 * a placement elsewhere on the screen refreshes it too; polled only while it is pending.
 */
export const orderQuery = (placed: Order) =>
  queryOptions({
    queryKey: tradingKeys.order(placed.id),
    queryFn: ({ signal }) =>
      apiRequest(`/trades/${encodeURIComponent(placed.id)}`, { signal, schema: 'orderResponseSchema' }).then(
        (r) => r.data,
      ),
    initialData: placed,
    // the answer to the placement is fresh: only a change on the screen (or the poll) asks again
    staleTime: POLLING_MS.trades,
    refetchInterval: (query) => (query.state.data?.status === 'pending' ? POLLING_MS.trades : false),
    ...retryDataLoading,
  });

/** The order the user just placed, followed until it fills, is cancelled or expires. */
export function useOrder(placed: Order) {
  return useQuery(orderQuery(placed));
}
