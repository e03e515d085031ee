import type { CampaignHistoryItem } from '@tp/shared';
import { Button } from '@/ui/button';
import { useChangeCampaign, type CampaignAction } from '../api/change-campaign';

/** What the user can do with a campaign in its state (cancel scheduled, pause sending, resume paused...). */
export function actionsFor(campaign: Pick<CampaignHistoryItem, 'status' | 'awaitingConfirmation'>): CampaignAction[] {
  switch (campaign.status) {
    case 'draft':
      return ['send', 'cancel'];
    case 'scheduled':
      return campaign.awaitingConfirmation ? ['send', 'cancel'] : ['cancel'];
    case 'sending':
      return ['pause'];
    case 'paused':
      return ['resume', 'cancel'];
    default:
      return [];
  }
}

const LABELS: Record<CampaignAction, string> = { send: 'Send now', cancel: 'Cancel', pause: 'Pause', resume: 'Resume' };

export function CampaignActions({ campaign }: { campaign: CampaignHistoryItem }) {
  const change = useChangeCampaign();
  const actions = actionsFor(campaign);
  if (actions.length === 0) return null;
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex flex-wrap justify-end gap-1">
        {actions.map((action) => (
          <Button
            key={action}
            size="sm"
            variant={action === 'cancel' ? 'ghost' : 'outline'}
            aria-label={`${LABELS[action]}: ${campaign.name}`}
            loading={change.isPending && change.variables?.action === action}
            disabled={change.isPending}
            onClick={() => change.mutate({ id: campaign.id, action })}
          >
            {LABELS[action]}
          </Button>
        ))}
      </div>
      {change.isError && (
        <p role="alert" className="text-xs text-loss">
          {change.error.message}
        </p>
      )}
    </div>
  );
}
