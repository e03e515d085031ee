import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InvoiceInput } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { refreshBooks } from './keys';

/** POST /api/desk/invoices — booked at the spot of its issue date. */
export function createInvoice(input: InvoiceInput) {
  return apiRequest('/desk/invoices', { method: 'POST', body: input, schema: 'invoiceResponseSchema' }).then(
    (r) => r.data,
  );
}

export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createInvoice, onSuccess: () => refreshBooks(queryClient) });
}
