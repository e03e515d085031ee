import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CampaignPreviewRequest } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { campaignKeys } from './keys';

/**
 * POST /api/campaigns/preview — the composed message rendered as it goes out, for the recipient
 * at `recipient` of the chosen lists, with that contact's personalisation merged.
 */
export function previewCampaign(request: CampaignPreviewRequest, signal?: AbortSignal) {
  return apiRequest('/campaigns/preview', {
    method: 'POST',
    body: request,
    signal,
    schema: 'campaignPreviewResponseSchema',
  });
}

export const campaignPreviewQuery = (request: CampaignPreviewRequest) =>
  queryOptions({
    queryKey: campaignKeys.preview(request),
    queryFn: async ({ signal }) => (await previewCampaign(request, signal)).data,
    // stepping to the next recipient keeps the last one on screen, marked busy, until it arrives
    placeholderData: keepPreviousData,
    ...retryDataLoading,
  });

export function useCampaignPreview(request: CampaignPreviewRequest, enabled: boolean) {
  return useQuery({ ...campaignPreviewQuery(request), enabled });
}
