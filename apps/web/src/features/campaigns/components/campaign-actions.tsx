import { useState } from 'react';
import type { CampaignHistoryItem } from '@tp/shared';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { useInFlight } from '@/lib/submit-once';
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

const LABELS: Record<CampaignAction, string> = {
  send: 'Send now',
  cancel: 'Cancel campaign',
  pause: 'Pause',
  resume: 'Resume',
};

/** What cancelling does to a campaign in this state, for the confirmation. */
const cancelOutcome = (campaign: Pick<CampaignHistoryItem, 'status'>) =>
  campaign.status === 'paused'
    ? 'The recipients it has not reached yet are never sent it. This cannot be undone.'
    : 'It will not be sent. This cannot be undone.';

export function CampaignActions({ campaign }: { campaign: CampaignHistoryItem }) {
  const change = useChangeCampaign();
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  // a double click acts once: the second click comes before the button shows itself busy, and the
  // server would refuse it (409, the campaign is no longer in the state the action needs)
  const inFlight = useInFlight();
  const actions = actionsFor(campaign);
  if (actions.length === 0) return null;
  const run = (action: CampaignAction, onSuccess?: () => void) => {
    if (!inFlight.start()) return;
    change.mutate({ id: campaign.id, action }, { onSettled: inFlight.end, onSuccess });
  };
  const button = (action: CampaignAction, onClick?: () => void) => (
    <Button
      key={action}
      size="sm"
      variant={action === 'cancel' ? 'ghost' : 'outline'}
      aria-label={`${LABELS[action]}: ${campaign.name}`}
      loading={change.isPending && change.variables?.action === action}
      disabled={change.isPending}
      onClick={onClick}
    >
      {LABELS[action]}
    </Button>
  );
  const failed = change.isError && (
    <p role="alert" className="text-xs text-loss">
      {change.error.message}
    </p>
  );
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex flex-wrap justify-end gap-1">
        {actions.map((action) =>
          action === 'cancel' ? (
            <ConfirmDialog
              key={action}
              open={confirmingCancel}
              onOpenChange={(open) => {
                setConfirmingCancel(open);
                if (open) change.reset();
              }}
              title={`Cancel “${campaign.name}”?`}
              description={cancelOutcome(campaign)}
              trigger={button(action)}
              cancelLabel="Keep campaign"
              confirmLabel="Cancel campaign"
              pending={change.isPending}
              pendingLabel="Cancelling..."
              onConfirm={() => run(action, () => setConfirmingCancel(false))}
            >
              {confirmingCancel && failed}
            </ConfirmDialog>
          ) : (
            button(action, () => run(action))
          ),
        )}
      </div>
      {!confirmingCancel && failed}
    </div>
  );
}
