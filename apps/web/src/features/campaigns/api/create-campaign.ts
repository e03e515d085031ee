import { useMutation, useQueryClient } from '@tanstack/react-query';
import { IDEMPOTENCY_KEY_HEADER, type CampaignDraft } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { ApiError } from '@/lib/api-error';
import { newId } from '@/lib/new-id';
import { campaignKeys } from './keys';

export interface CreateCampaignInput {
  draft: CampaignDraft;
  /** One key per campaign the user composes: a doubled or resent POST creates (and sends) it once. */
  idempotencyKey?: string;
}

/** POST /api/campaigns — send now (isImmediate) or schedule (scheduledFor), with an Idempotency-Key. */
export async function createCampaign({ draft, idempotencyKey = newId() }: CreateCampaignInput) {
  return (
    await apiRequest('/campaigns', {
      method: 'POST',
      body: draft,
      headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
      schema: 'campaignResponseSchema',
    })
  ).data;
}

export function useCreateCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCampaign,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.history() }),
    // a list deleted since the lists were read (another tab): read them again, and the form drops it
    onError: (error) => {
      if (error instanceof ApiError && error.details?.some((detail) => detail.field.startsWith('selectedLists.'))) {
        void queryClient.invalidateQueries({ queryKey: campaignKeys.lists() });
      }
    },
  });
}
