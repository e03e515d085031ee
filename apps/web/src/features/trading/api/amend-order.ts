import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AmendOrderRequest } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { refreshBooks } from './keys';

/** PATCH /api/trades/{id} — new quantity, limit, stop or time in force for a pending order. */
export function amendOrder({ id, changes }: { id: string; changes: AmendOrderRequest }) {
  return apiRequest(`/trades/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: changes,
    schema: 'orderResponseSchema',
  }).then((r) => r.data);
}

export function useAmendOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: amendOrder, onSettled: () => refreshBooks(queryClient) });
}
