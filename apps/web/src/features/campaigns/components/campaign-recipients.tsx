import { useId, useState } from 'react';
import { Download } from 'lucide-react';
import type { CampaignDetail, CampaignRecipientResult, RecipientFilter } from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date';
import { useTimeZone } from '@/lib/time-zone';
import { Badge, type BadgeVariant } from '@/ui/badge';
import { Button } from '@/ui/button';
import { FormField } from '@/ui/form-field';
import { LoadError } from '@/ui/load-error';
import { NativeSelect } from '@/ui/native-select';
import { EmptyState, LoadingState } from '@/ui/query-state';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/ui/table';
import { useExportCampaignRecipients } from '../api/export-campaign-recipients';
import { useCampaignRecipients } from '../api/get-campaign-recipients';

const PAGE_SIZE = 50;

const FILTER_LABELS: Record<RecipientFilter, string> = {
  all: 'All recipients',
  opened: 'Opened',
  clicked: 'Clicked',
  bounced: 'Bounced',
  unsubscribed: 'Unsubscribed',
  failed: 'Failed',
};

const EMPTY: Record<RecipientFilter, [title: string, text: string]> = {
  all: ['No recipients yet', 'Recipients appear here once the campaign starts sending.'],
  opened: ['Nobody has opened it yet', 'Opens by mail scanners are not counted as a person’s.'],
  clicked: ['Nobody has clicked a link yet', 'Clicks by mail scanners are not counted as a person’s.'],
  bounced: ['No bounces', 'No receiving server has reported this campaign’s messages as undeliverable.'],
  unsubscribed: ['Nobody unsubscribed', 'Everyone who received it can still get your next campaign.'],
  failed: ['No failed deliveries', 'No message was refused for good.'],
};

const MACHINE_NOTE = 'Requests by mail scanners or privacy proxies: not counted as a person’s';

/** A recipient's delivery in a word, with the badge's tone; a bounce overrides a delivery. */
function statusOf(r: CampaignRecipientResult, campaign: CampaignDetail): { label: string; variant: BadgeVariant } {
  if (r.bounce) return { label: r.bounce === 'complaint' ? 'Complained' : `Bounced (${r.bounce})`, variant: 'danger' };
  switch (r.delivery) {
    case 'delivered':
      return { label: 'Delivered', variant: 'success' };
    case 'failed':
      return { label: 'Failed', variant: 'danger' };
    case 'sending':
      return { label: 'Sending', variant: 'info' };
    default:
      return { label: campaign.status === 'cancelled' ? 'Not sent' : 'Queued', variant: 'outline' };
  }
}

/** A person's first open or click, how many there were, and the machines' requests marked apart. */
function Engagement({
  at,
  count,
  machine,
  none,
  timeZone,
}: {
  at: string | null;
  count: number;
  machine: number;
  none: string;
  timeZone: string | undefined;
}) {
  return (
    <span className="inline-flex flex-col items-end gap-0.5 md:items-start">
      <span className={at ? undefined : 'text-muted'}>
        {at ? formatDateTime(at, timeZone) : none}
        {count > 1 && <span className="tabular text-muted"> · {formatCount(count)}×</span>}
      </span>
      {machine > 0 && (
        <Badge variant="outline" title={MACHINE_NOTE}>
          machine ×{formatCount(machine)}
        </Badge>
      )}
    </span>
  );
}

function RecipientRow({
  r,
  campaign,
  timeZone,
}: {
  r: CampaignRecipientResult;
  campaign: CampaignDetail;
  timeZone: string | undefined;
}) {
  const status = statusOf(r, campaign);
  const when = r.bounce ? r.bouncedAt : r.deliveredAt;
  return (
    <TableRow>
      <TableCell className="min-w-0">
        <span className="flex flex-col">
          {r.name && <span className="break-words font-medium">{r.name}</span>}
          <span className={r.name ? 'break-all text-muted' : 'break-all'}>{r.email}</span>
        </span>
      </TableCell>
      <TableCell label="Status">
        <span className="inline-flex flex-col items-end gap-0.5 md:items-start">
          <Badge variant={status.variant}>{status.label}</Badge>
          {when && <span className="text-xs text-muted">{formatDateTime(when, timeZone)}</span>}
        </span>
      </TableCell>
      <TableCell label="Opened">
        <Engagement at={r.openedAt} count={r.opens} machine={r.machineOpens} none="Not opened" timeZone={timeZone} />
      </TableCell>
      <TableCell label="Clicked">
        <Engagement at={r.clickedAt} count={r.clicks} machine={r.machineClicks} none="No clicks" timeZone={timeZone} />
      </TableCell>
      <TableCell label="Unsubscribed" className={r.unsubscribedAt ? undefined : 'text-muted'}>
        {r.unsubscribedAt ? formatDateTime(r.unsubscribedAt, timeZone) : '—'}
      </TableCell>
    </TableRow>
  );
}

/** Export CSV: every recipient, saved by the browser; a failure says so beside the button. */
function ExportButton({ campaign }: { campaign: CampaignDetail }) {
  const exporting = useExportCampaignRecipients();
  return (
    <div className="flex flex-col items-end gap-1">
      <Button
        variant="outline"
        size="sm"
        loading={exporting.isPending}
        loadingText="Exporting..."
        onClick={() => exporting.mutate({ id: campaign.id, name: campaign.name })}
      >
        <Download aria-hidden="true" className="size-4" />
        Export CSV
      </Button>
      {exporting.isError && (
        <p role="alert" className="text-xs text-loss">
          {errorMessage(exporting.error, 'The export failed. Please try again.')}
        </p>
      )}
    </div>
  );
}

/**
 * Each recipient's results: delivered or bounced, opened and clicked by a person (machines marked
 * apart), unsubscribed; times in the user's zone. A page at a time, filtered by what happened,
 * and the whole list as CSV.
 */
export function CampaignRecipients({ campaign }: { campaign: CampaignDetail }) {
  const timeZone = useTimeZone();
  const titleId = useId();
  const [filter, setFilter] = useState<RecipientFilter>('all');
  const [page, setPage] = useState(1);
  const results = useCampaignRecipients(campaign.id, { page, limit: PAGE_SIZE, filter }, campaign.status === 'sending');
  const rows = results.data?.data ?? [];
  const pagination = results.data?.pagination;
  const first = (page - 1) * PAGE_SIZE + 1;

  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h4 id={titleId} className="text-sm font-semibold">
          Recipients
        </h4>
        <ExportButton campaign={campaign} />
      </div>
      <FormField name="recipient-filter" label="Show" className="sm:w-56">
        <NativeSelect
          value={filter}
          onChange={(value) => {
            setFilter(value as RecipientFilter);
            setPage(1);
          }}
          options={Object.entries(FILTER_LABELS).map(([value, label]) => ({ value, label }))}
        />
      </FormField>
      {results.isPending ? (
        <LoadingState lines={4} label="Loading the recipients" />
      ) : results.isError && !results.data ? (
        <LoadError error={results.error} onRetry={() => void results.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={EMPTY[filter][0]}>{EMPTY[filter][1]}</EmptyState>
      ) : (
        <>
          <Table scrollLabel="Recipients" stacked aria-busy={results.isPlaceholderData || undefined}>
            <TableHeader>
              <TableRow>
                <TableHead>Recipient</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Opened</TableHead>
                <TableHead>Clicked</TableHead>
                <TableHead>Unsubscribed</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((r) => (
                <RecipientRow key={r.id} r={r} campaign={campaign} timeZone={timeZone} />
              ))}
            </TableBody>
          </Table>
          <nav aria-label="Recipient pages" className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <p className="tabular text-muted">
              {formatCount(first)}–{formatCount(first + rows.length - 1)} of {formatCount(pagination?.total ?? 0)}
            </p>
            <div className="flex gap-2">
              <Button
                variant="outline"
                size="sm"
                disabled={!pagination?.hasPrev || results.isPlaceholderData}
                onClick={() => setPage(page - 1)}
              >
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={!pagination?.hasNext || results.isPlaceholderData}
                onClick={() => setPage(page + 1)}
              >
                Next
              </Button>
            </div>
          </nav>
        </>
      )}
    </section>
  );
}
