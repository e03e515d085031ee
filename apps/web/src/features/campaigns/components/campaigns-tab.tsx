import type { CampaignHistoryItem } from '@tp/shared';
import { LoadingState } from '@/ui/query-state';
import { useCampaigns } from '../api/get-campaigns';
import { formatCount } from '@/lib/format';
import { CampaignActions } from './campaign-actions';
import { CampaignDetailView } from './campaign-detail';
import { CampaignStatusBadge, DeletedListsBadge } from './campaign-status';
import { LoadError } from '@/ui/load-error';
import { useTimeZone } from '@/lib/time-zone';
import { formatDateTime } from '@/lib/format-date';

/**
 * "287 recipients": those it started to; a draft's or a scheduled campaign's are whom its lists
 * reach now, said so, since it counts them again when it starts.
 */
function recipientsText(c: Pick<CampaignHistoryItem, 'recipients' | 'status'>): string {
  const counted = `${formatCount(c.recipients)} recipient${c.recipients === 1 ? '' : 's'}`;
  return c.status === 'draft' || c.status === 'scheduled' ? `${counted} in its lists now` : counted;
}

/**
 * Campaigns (docs/product/campaigns.md#campaign-history): the history with name, status, subject,
 * recipients, and opens and clicks or the scheduled time.
 */
export function CampaignsTab({ openId, onOpen }: { openId: string | null; onOpen: (id: string | null) => void }) {
  const history = useCampaigns();
  const timeZone = useTimeZone();
  if (openId) return <CampaignDetailView id={openId} onBack={() => onOpen(null)} />;
  if (history.isPending) return <LoadingState lines={4} label="Loading campaigns" />;
  if (history.isError) {
    return <LoadError error={history.error} onRetry={() => void history.refetch()} />;
  }
  if (history.data.length === 0) {
    return <p className="text-sm text-muted">No campaigns yet. Write your first one in the Compose tab.</p>;
  }
  return (
    <ul aria-label="Campaign history" className="flex flex-col divide-y divide-border">
      {history.data.map((c) => (
        <li key={c.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex min-w-0 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <button
                type="button"
                className="break-words text-left font-medium text-accent underline-offset-2 hover:underline"
                onClick={() => onOpen(c.id)}
              >
                {c.name}
              </button>
              <CampaignStatusBadge status={c.status} />
              <DeletedListsBadge count={c.deletedLists.length} />
            </div>
            <p className="break-words text-sm text-muted">{c.subject}</p>
            <p className="tabular text-sm">
              {recipientsText(c)}
              {c.status === 'sent' && (
                <>
                  {' · '}
                  {formatCount(c.opens)} opens · {formatCount(c.clicks)} clicks · sent{' '}
                  {formatDateTime(c.sentAt, timeZone)}
                </>
              )}
              {c.status === 'scheduled' && <> · scheduled for {formatDateTime(c.scheduledFor, timeZone)}</>}
            </p>
          </div>
          <CampaignActions campaign={c} />
        </li>
      ))}
    </ul>
  );
}
