import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/desk/invoices/capture — the fields read from one of the user's files; writes nothing. */
export function captureInvoice(fileId: string) {
  return apiRequest('/desk/invoices/capture', {
    method: 'POST',
    body: { fileId },
    // reading a PDF can take a while on the server
    timeoutMs: 30_000,
    schema: 'captureResponseSchema',
  }).then((r) => r.data);
}

export function useCaptureInvoice() {
  return useMutation({ mutationFn: captureInvoice });
}
