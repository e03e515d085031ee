import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentInput } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { refreshBooks } from './keys';

/** POST /api/desk/invoices/{id}/payments — at spot, or against a forward allocated to the invoice. */
export function recordPayment({ invoiceId, payment }: { invoiceId: string; payment: PaymentInput }) {
  return apiRequest(`/desk/invoices/${encodeURIComponent(invoiceId)}/payments`, {
    method: 'POST',
    body: payment,
    schema: 'paymentResponseSchema',
  }).then((r) => r.data);
}

export function useRecordPayment() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: recordPayment, onSuccess: () => refreshBooks(queryClient) });
}
