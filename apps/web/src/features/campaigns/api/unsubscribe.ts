import { useMutation } from '@tanstack/react-query';
import { TIMEOUTS_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';

/** POST /api/unsubscribe/{token} — only this unsubscribes (mail scanners fetch links with GET). */
export async function unsubscribe(token: string) {
  return (
    await apiRequest(`/unsubscribe/${encodeURIComponent(token)}`, {
      method: 'POST',
      auth: false,
      timeoutMs: TIMEOUTS_MS.email,
      schema: 'unsubscribeResponseSchema',
    })
  ).data;
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
