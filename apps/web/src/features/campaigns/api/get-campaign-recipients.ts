import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { campaignKeys, type RecipientsPage } from './keys';

export type { RecipientsPage };

/** GET /api/campaigns/{id}/recipients — a page of each recipient's results, in address order. */
export function getCampaignRecipients(id: string, { page, limit, filter }: RecipientsPage, signal?: AbortSignal) {
  const query = new URLSearchParams({ page: String(page), limit: String(limit), filter });
  return apiRequest(`/campaigns/${encodeURIComponent(id)}/recipients?${query}`, {
    signal,
    schema: 'campaignRecipientsResponseSchema',
  });
}

export const campaignRecipientsQuery = (id: string, page: RecipientsPage, live: boolean) =>
  queryOptions({
    queryKey: campaignKeys.recipientResults(id, page),
    queryFn: ({ signal }) => getCampaignRecipients(id, page, signal),
    // another page or filter keeps the rows on screen, marked busy, until it arrives
    placeholderData: keepPreviousData,
    // while the campaign sends, deliveries come in
    refetchInterval: live ? 5_000 : false,
    ...retryDataLoading,
  });

export function useCampaignRecipients(id: string, page: RecipientsPage, live: boolean) {
  return useQuery(campaignRecipientsQuery(id, page, live));
}
