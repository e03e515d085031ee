import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshBooks } from './keys';

/** DELETE /api/desk/invoices/{id} — only without payments (cancel it otherwise). */
export function deleteInvoice(id: string) {
  return apiRequest(`/desk/invoices/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteInvoice, onSuccess: () => refreshBooks(queryClient) });
}
