import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignHistoryItem } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { campaignKeys } from './keys';

/** GET /api/campaigns — the history, newest first. */
export function getCampaigns(signal?: AbortSignal) {
  return apiRequest('/campaigns', { signal, schema: 'campaignsResponseSchema' });
}

/** While a campaign is on its way its figures change: the history reloads every few seconds. */
const isMoving = (c: CampaignHistoryItem) => c.status === 'sending';

export const campaignsQuery = () =>
  queryOptions({
    queryKey: campaignKeys.history(),
    queryFn: async ({ signal }) => (await getCampaigns(signal)).data,
    refetchInterval: (query) => (query.state.data?.some(isMoving) ? 2_000 : false),
    ...retryDataLoading,
  });

export function useCampaigns() {
  return useQuery(campaignsQuery());
}
