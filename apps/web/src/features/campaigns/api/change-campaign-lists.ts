import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CampaignListsRequest } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { campaignKeys } from './keys';

/**
 * PATCH /api/campaigns/{id} — other lists for a draft or a scheduled campaign (one whose list was
 * deleted is not sent until then); 404 naming a list deleted meanwhile, 409 once it has started.
 */
export async function changeCampaignLists({ id, ...input }: CampaignListsRequest & { id: string }) {
  return (
    await apiRequest(`/campaigns/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: input,
      schema: 'campaignResponseSchema',
    })
  ).data;
}

export function useChangeCampaignLists() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCampaignLists,
    onSuccess: (campaign) => queryClient.setQueryData(campaignKeys.campaign(campaign.id), campaign),
    // the history's flag and counts; a 404 (a list deleted meanwhile) refreshes the lists to pick from
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: campaignKeys.history() }),
        queryClient.invalidateQueries({ queryKey: campaignKeys.lists() }),
      ]),
  });
}
