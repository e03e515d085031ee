import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { campaignKeys } from './keys';

/**
 * GET /api/contact-lists/recipients — how many people a campaign to these lists reaches: each
 * address once however many of the lists hold it, unsubscribed and bounced addresses left out.
 */
export function getRecipientCount(listIds: string[], signal?: AbortSignal) {
  const lists = encodeURIComponent([...listIds].sort().join(','));
  return apiRequest(`/contact-lists/recipients?lists=${lists}`, {
    signal,
    schema: 'recipientCountResponseSchema',
  });
}

export const recipientCountQuery = (listIds: string[]) =>
  queryOptions({
    queryKey: campaignKeys.recipients(listIds),
    queryFn: async ({ signal }) => (await getRecipientCount(listIds, signal)).data,
    enabled: listIds.length > 0,
    // the previous count stays (marked as updating) while another choice of lists is counted
    placeholderData: keepPreviousData,
    ...retryDataLoading,
  });

export function useRecipientCount(listIds: string[]) {
  return useQuery(recipientCountQuery(listIds));
}
