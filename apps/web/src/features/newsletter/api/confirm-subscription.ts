import { useMutation } from '@tanstack/react-query';
import { SUBSCRIBE_BAD_TOKEN_MESSAGE, TIMEOUTS_MS } from '@tp/shared';
import { apiRequest, errorMessage } from '@/lib/api-client';

/** POST /api/email/subscribe/confirm — consumes the token from the confirmation e-mail. */
export function confirmSubscription(token: string) {
  return apiRequest('/email/subscribe/confirm', {
    method: 'POST',
    body: { token },
    auth: false,
    timeoutMs: TIMEOUTS_MS.email,
    schema: 'confirmSubscriptionResponseSchema',
  });
}

export const confirmErrorMessage = (error: unknown) =>
  errorMessage(error, SUBSCRIBE_BAD_TOKEN_MESSAGE, {
    unreachable: 'The confirmation could not be sent. Please check your connection and try again.',
  });

export function useConfirmSubscription() {
  return useMutation({ mutationFn: confirmSubscription });
}
