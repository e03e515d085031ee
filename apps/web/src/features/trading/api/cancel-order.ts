import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshBooks } from './keys';

/** PATCH /api/trades/{id}/cancel — only while pending (409 otherwise). */
export function cancelOrder(id: string) {
  return apiRequest(`/trades/${encodeURIComponent(id)}/cancel`, {
    method: 'PATCH',
    schema: 'orderResponseSchema',
  }).then((r) => r.data);
}

export function useCancelOrder() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelOrder, onSettled: () => refreshBooks(queryClient) });
}
