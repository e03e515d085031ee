import { CAMPAIGN_MESSAGES, type CampaignDetail } from '@tp/shared';
import { formatDateTime } from '@/lib/format-date';
import { useNotifications } from '@/lib/notifications';
import { useIdempotencyKey, useInFlight } from '@/lib/submit-once';
import { useTimeZone } from '@/lib/time-zone';
import { useCreateCampaign } from './api/create-campaign';
import { composeProblem, toDraft, type ComposeForm } from './compose-draft';

/**
 * Sends or schedules the composed campaign: once however often it is clicked, and a resend after
 * a lost answer is the same campaign to the server (one Idempotency-Key per composed draft).
 */
export function useSendCampaign(
  onSent: (campaign: CampaignDetail) => void,
  discard: () => void,
  onSettled: () => void,
) {
  const timeZone = useTimeZone();
  const create = useCreateCampaign();
  const inFlight = useInFlight();
  const idempotencyKey = useIdempotencyKey();
  const notify = useNotifications();
  const send = (form: ComposeForm) => {
    if (composeProblem(form) || !inFlight.start()) return;
    const composed = toDraft(form);
    create.mutate(
      { draft: composed, idempotencyKey: idempotencyKey.for(composed) },
      {
        onSettled: (_data, error) => {
          inFlight.end();
          idempotencyKey.settle(error);
          onSettled();
        },
        onSuccess: (campaign) => {
          if (campaign.status === 'scheduled') {
            notify.success(
              'Campaign scheduled',
              `${campaign.name} goes out ${formatDateTime(campaign.scheduledFor, timeZone)}`,
            );
          } else notify.success(CAMPAIGN_MESSAGES.campaignSent);
          discard();
          onSent(campaign);
        },
      },
    );
  };
  return { create, send };
}
