import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoicePatch } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { refreshBooks } from './keys';

/** PATCH /api/desk/invoices/{id} — descriptive fields, the due date, the amount, or `status: 'cancelled'`. */
export function updateInvoice({ id, patch }: { id: string; patch: InvoicePatch }) {
  return apiRequest(`/desk/invoices/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: patch,
    schema: 'invoiceResponseSchema',
  }).then((r) => r.data);
}

export function useUpdateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateInvoice, onSuccess: () => refreshBooks(queryClient) });
}
