import { MESSAGES, TIMEOUTS_MS, type SubscribeRequest } from '@tp/shared';
import { apiRequest, errorMessage } from '@/lib/api-client';

/** POST /api/email/subscribe — double opt-in: the answer asks the visitor to confirm by e-mail. */
export function subscribe(input: SubscribeRequest) {
  return apiRequest('/email/subscribe', {
    method: 'POST',
    body: input,
    auth: false,
    timeoutMs: TIMEOUTS_MS.email,
    schema: 'emailActionResponseSchema',
  });
}

export function subscribeErrorMessage(error: unknown): string {
  return errorMessage(error, MESSAGES.subscribeFailed);
}
