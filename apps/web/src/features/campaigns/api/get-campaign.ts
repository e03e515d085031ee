import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { campaignKeys } from './keys';

/** GET /api/campaigns/{id} — the draft with its delivery, open and click figures. */
export function getCampaign(id: string, signal?: AbortSignal) {
  return apiRequest(`/campaigns/${encodeURIComponent(id)}`, { signal, schema: 'campaignResponseSchema' });
}

export const campaignQuery = (id: string) =>
  queryOptions({
    queryKey: campaignKeys.campaign(id),
    queryFn: async ({ signal }) => (await getCampaign(id, signal)).data,
    // the live progress of a campaign that is sending
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? 1_000 : false),
    ...retryDataLoading,
  });

export function useCampaign(id: string | null) {
  return useQuery({ ...campaignQuery(id ?? ''), enabled: id !== null });
}
