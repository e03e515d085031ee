import { useState } from 'react';
import type { CampaignDetail } from '@tp/shared';
import { ArrowLeft } from 'lucide-react';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Figure } from '@/ui/figure';
import { Progress } from '@/ui/progress';
import { LoadingState } from '@/ui/query-state';
import { useCampaign } from '../api/get-campaign';
import { formatCount } from '@/lib/format';
import { CampaignActions } from './campaign-actions';
import { CampaignListsDialog } from './campaign-lists-dialog';
import { CampaignRecipients } from './campaign-recipients';
import { CampaignStatusBadge, DeletedListsBadge, deletedListsText } from './campaign-status';
import { LoadError } from '@/ui/load-error';
import { useTimeZone } from '@/lib/time-zone';
import { formatDateTime } from '@/lib/format-date';

/** The campaign's figures, labelled. */
const figuresOf = (c: CampaignDetail): Array<[string, number]> => [
  // not started yet: whom its lists reach now (it counts them again when it starts)
  [c.status === 'draft' || c.status === 'scheduled' ? 'Recipients in its lists now' : 'Recipients', c.recipients],
  ['Delivered', c.delivered],
  ['Failed', c.failed],
  ['Pending', c.pending],
  ['Opens', c.opens],
  ['Clicks', c.clicks],
  ['Unsubscribes', c.unsubscribes],
  ['Bounces', c.bounces],
  ['Machine opens', c.machineOpens],
  ['Machine clicks', c.machineClicks],
];

/** One campaign: its delivery, open, click and unsubscribe figures, live while it sends. */
export function CampaignDetailView({ id, onBack }: { id: string; onBack: () => void }) {
  const campaign = useCampaign(id);
  const timeZone = useTimeZone();
  const [pickingLists, setPickingLists] = useState(false);
  const back = (
    <Button variant="ghost" size="sm" onClick={onBack} className="self-start">
      <ArrowLeft aria-hidden="true" className="size-4" />
      All campaigns
    </Button>
  );
  if (campaign.isPending) {
    return (
      <div className="flex flex-col gap-3">
        {back}
        <LoadingState lines={5} label="Loading the campaign" />
      </div>
    );
  }
  if (campaign.isError) {
    return (
      <div className="flex flex-col gap-3">
        {back}
        <LoadError error={campaign.error} onRetry={() => void campaign.refetch()} />
      </div>
    );
  }
  const c = campaign.data;
  const settled = c.delivered + c.failed;
  return (
    <div className="flex flex-col gap-3">
      {back}
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="break-words text-base font-semibold">{c.name}</h3>
          <p className="break-words text-sm text-muted">{c.subject}</p>
        </div>
        <div className="flex flex-wrap gap-1">
          <CampaignStatusBadge status={c.status} />
          <DeletedListsBadge count={c.deletedLists.length} />
        </div>
      </div>
      {(c.status === 'sending' || c.status === 'paused') && c.recipients > 0 && (
        <Progress
          showLabel
          label={`${c.status === 'paused' ? 'Paused' : 'Sending'}: ${formatCount(settled)} of ${formatCount(c.recipients)}`}
          value={(settled / c.recipients) * 100}
        />
      )}
      {c.error && <Alert variant="error">{c.error}</Alert>}
      {c.deletedLists.length > 0 && (
        <div className="flex flex-wrap items-center gap-2">
          <Alert variant="warning" className="min-w-0 flex-1">
            {deletedListsText(c.deletedLists.length)}: it is not sent until you pick another list.
          </Alert>
          <Button size="sm" variant="outline" onClick={() => setPickingLists(true)}>
            Pick lists
          </Button>
        </div>
      )}
      {pickingLists && <CampaignListsDialog campaign={c} onClose={() => setPickingLists(false)} />}
      {c.awaitingConfirmation && c.deletedLists.length === 0 && (
        <Alert variant="warning">
          Its time passed without it being sent (the service was down, or one of its lists had been deleted). Send it
          now or cancel it.
        </Alert>
      )}
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        {figuresOf(c).map(([label, value]) => (
          <Figure key={label} label={label} align="end" size="lg">
            {formatCount(value)}
          </Figure>
        ))}
      </dl>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">Scheduled for</dt>
        <dd>{formatDateTime(c.scheduledFor, timeZone)}</dd>
        <dt className="text-muted">Started</dt>
        <dd>{formatDateTime(c.startedAt, timeZone)}</dd>
        <dt className="text-muted">Sent</dt>
        <dd>{formatDateTime(c.sentAt, timeZone)}</dd>
        <dt className="text-muted">Attachments</dt>
        <dd>{c.attachedFiles.length === 0 ? 'None' : `${c.attachedFiles.length} file(s)`}</dd>
      </dl>
      <CampaignActions campaign={c} />
      {/* who got it and what they did: once it has started (a draft or a schedule has no recipients yet) */}
      {c.startedAt && <CampaignRecipients campaign={c} />}
    </div>
  );
}
