import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { campaignKeys } from './keys';

export type CampaignAction = 'cancel' | 'pause' | 'resume' | 'send';

/** POST /api/campaigns/{id}/cancel | pause | resume | send */
export async function changeCampaign({ id, action }: { id: string; action: CampaignAction }) {
  return (
    await apiRequest(`/campaigns/${encodeURIComponent(id)}/${action}`, {
      method: 'POST',
      schema: 'campaignResponseSchema',
    })
  ).data;
}

export function useChangeCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeCampaign,
    onSuccess: (campaign) => queryClient.setQueryData(campaignKeys.campaign(campaign.id), campaign),
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignKeys.history() }),
  });
}
