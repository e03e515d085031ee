import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER, type ForwardInput } from '@tp/shared';
import { apiRequest, CLIENT_RETRIES } from '@/lib/api-client';
import { refreshBooks } from './keys';

export interface BookForwardInput {
  forward: ForwardInput;
  /**
   * One key per forward the user means to book, kept by the screen across its retries: the server
   * books a key once, so a retry after a lost answer never books a second forward.
   */
  idempotencyKey: string;
}

/** POST /api/desk/forwards with an Idempotency-Key; the client's own retries reuse it. */
export function bookForward({ forward, idempotencyKey }: BookForwardInput) {
  return apiRequest('/desk/forwards', {
    method: 'POST',
    body: forward,
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
    retries: CLIENT_RETRIES,
    schema: 'forwardResponseSchema',
  }).then((r) => r.data);
}

export function useBookForward() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: bookForward, onSettled: () => refreshBooks(queryClient) });
}
