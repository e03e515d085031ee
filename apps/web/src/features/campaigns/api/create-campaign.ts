import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignDraft } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { campaignKeys } from './keys';

/** POST /api/campaigns — send now (isImmediate) or schedule (scheduledFor). */
export async function createCampaign(draft: CampaignDraft) {
  return (await apiRequest('/campaigns', { method: 'POST', body: draft, retries: 0, schema: 'campaignResponseSchema' }))
    .data;
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.history() }),
  });
}
