import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMEOUTS_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { campaignKeys } from './keys';

/** GET /api/unsubscribe/{token} — who is unsubscribed from whom; changes nothing. */
export function getUnsubscribeInfo(token: string, signal?: AbortSignal) {
  return apiRequest(`/unsubscribe/${encodeURIComponent(token)}`, {
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
