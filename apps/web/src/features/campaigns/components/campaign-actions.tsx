import { useState } from 'react';
import type { CampaignHistoryItem } from '@tp/shared';
import { Button } from '@/ui/button';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { useInFlight } from '@/lib/submit-once';
import { useChangeCampaign, type CampaignAction } from '../api/change-campaign';
import { sendNowQuestion } from './send-confirmation';

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

type Confirmed = Extract<CampaignAction, 'cancel' | 'send'>;

/** The question asked before cancelling, or before sending at once (how many it reaches). */
function confirmationOf(action: Confirmed, campaign: CampaignHistoryItem) {
  return action === 'cancel'
    ? {
        title: `Cancel “${campaign.name}”?`,
        description: cancelOutcome(campaign),
        cancelLabel: 'Keep campaign',
        confirmLabel: 'Cancel campaign',
        tone: 'danger' as const,
        pendingLabel: 'Cancelling...',
      }
    : {
        title: sendNowQuestion(campaign.recipients),
        description: `“${campaign.name}” goes out at once to the contacts of its lists who can receive e-mail, counted again as it starts. You can pause it while it sends.`,
        cancelLabel: 'Not yet',
        confirmLabel: 'Send now',
        tone: 'primary' as const,
        pendingLabel: 'Sending...',
      };
}

export function CampaignActions({ campaign }: { campaign: CampaignHistoryItem }) {
  const change = useChangeCampaign();
  const [confirming, setConfirming] = useState<Confirmed | null>(null);
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
          action === 'cancel' || action === 'send' ? (
            <ConfirmDialog
              key={action}
              open={confirming === action}
              onOpenChange={(open) => {
                setConfirming(open ? action : null);
                if (open) change.reset();
              }}
              {...confirmationOf(action, campaign)}
              trigger={button(action)}
              pending={change.isPending}
              onConfirm={() => run(action, () => setConfirming(null))}
            >
              {confirming === action && failed}
            </ConfirmDialog>
          ) : (
            button(action, () => run(action))
          ),
        )}
      </div>
      {!confirming && failed}
    </div>
  );
}
