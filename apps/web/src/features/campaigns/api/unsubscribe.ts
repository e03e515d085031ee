import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { TIMEOUTS_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { campaignKeys } from './keys';

const path = (token: string) => `/unsubscribe/${encodeURIComponent(token)}`;

/** GET /api/unsubscribe/{token} — who is unsubscribed from whom; changes nothing. */
export function getUnsubscribeInfo(token: string, signal?: AbortSignal) {
  return apiRequest(path(token), {
    signal,
    auth: false,
    retries: 1,
    timeoutMs: TIMEOUTS_MS.email,
    schema: 'unsubscribeInfoSchema',
  });
}

export const unsubscribeInfoQuery = (token: string) =>
  queryOptions({
    queryKey: campaignKeys.unsubscribe(token),
    queryFn: async ({ signal }) => (await getUnsubscribeInfo(token, signal)).data,
    retry: false,
  });

export function useUnsubscribeInfo(token: string) {
  return useQuery(unsubscribeInfoQuery(token));
}

/** POST /api/unsubscribe/{token} — only this unsubscribes (mail scanners fetch links with GET). */
export async function unsubscribe(token: string) {
  return (
    await apiRequest(path(token), {
      method: 'POST',
      auth: false,
      retries: 0,
      timeoutMs: TIMEOUTS_MS.email,
      schema: 'unsubscribeResponseSchema',
    })
  ).data;
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
