import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER, type OrderRequest } from '@tp/shared';
import { apiRequest, CLIENT_RETRIES } from '@/lib/api-client';
import { newId } from '@/lib/new-id';
import { refreshBooks } from './keys';

export interface PlaceOrderInput {
  order: OrderRequest;
  /**
   * One key per order the user submits: a retried request (timeout, lost answer) places it once.
   * Minted here when not given; a form that lets the user send the same order again passes its own.
   */
  idempotencyKey?: string;
}

/** POST /api/trades with an Idempotency-Key; the client's own retries reuse the key. */
export function placeOrder({ order, idempotencyKey = newId() }: PlaceOrderInput) {
  return apiRequest('/trades', {
    method: 'POST',
    body: order,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    retries: CLIENT_RETRIES,
    schema: 'orderResponseSchema',
  }).then((r) => r.data);
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: placeOrder, onSettled: () => refreshBooks(queryClient) });
}
