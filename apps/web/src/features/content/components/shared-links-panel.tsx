import { Link2 } from 'lucide-react';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { SHARED_LINK_MESSAGES, type SharedLink } from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { formatCount } from '@/lib/format';
import { formatDate, formatDateTime } from '@/lib/format-date';
import { useTimeZone } from '@/lib/time-zone';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { LoadError } from '@/ui/load-error';
import { EmptyState, LoadingState } from '@/ui/query-state';
import { Skeleton } from '@/ui/skeleton';
import { sharedLinksQuery, useSharedLinks } from '../api/get-shared-links';
import { useRevokeSharedLink } from '../api/revoke-shared-link';
import { useContentBanner } from './content-banner';

/** "Opened 3 times, last on Mar 5, 2026, 2:03 PM" in the user's zone, or "Not opened yet". */
export function downloadsText(link: Pick<SharedLink, 'downloads' | 'lastDownloadAt'>, timeZone?: string): string {
  if (link.downloads === 0 || !link.lastDownloadAt) return 'Not opened yet';
  const times = link.downloads === 1 ? 'once' : `${formatCount(link.downloads)} times`;
  return `Opened ${times}, last on ${formatDateTime(link.lastDownloadAt, timeZone)}`;
}

/**
 * The files the user has shared by link: to whom, until when, how often opened, and Revoke (with
 * a confirmation). Live links only: an expired or revoked one no longer opens anything.
 */
export function SharedLinksPanel() {
  const links = useSharedLinks();
  return (
    <Card as="section" elevation="flat" aria-labelledby="shared-links-heading" className="flex flex-col gap-3 p-4">
      <div>
        <h2 id="shared-links-heading" className="text-lg font-semibold">
          Shared links
        </h2>
        <p className="text-sm text-muted">Links you sent by e-mail that still open their file.</p>
      </div>
      {links.isPending ? (
        <LoadingState label="Loading shared links" className="flex flex-col gap-2">
          <Skeleton className="h-16 w-full" />
          <Skeleton className="h-16 w-full" />
        </LoadingState>
      ) : links.isError ? (
        <LoadError
          error={links.error}
          fallback={SHARED_LINK_MESSAGES.fetchFailed}
          onRetry={() => void links.refetch()}
        />
      ) : links.data.links.length === 0 ? (
        <EmptyState title="No live links">
          Select files above and choose Share Files: each recipient gets links that stop working on their own after the
          days you choose.
        </EmptyState>
      ) : (
        <>
          <ul aria-label="Live shared links" className="flex flex-col divide-y divide-border">
            {links.data.links.map((link) => (
              <SharedLinkRow key={link.id} link={link} />
            ))}
          </ul>
          {links.data.total > links.data.links.length && (
            <p className="tabular text-sm text-muted">
              The newest {formatCount(links.data.links.length)} of {formatCount(links.data.total)} live links.
            </p>
          )}
        </>
      )}
    </Card>
  );
}

function SharedLinkRow({ link }: { link: SharedLink }) {
  const timeZone = useTimeZone();
  const banner = useContentBanner();
  const revoke = useRevokeSharedLink();
  const [confirming, setConfirming] = useState(false);

  // awaited: the row is gone once the list is read again
  async function revokeConfirmed() {
    try {
      const { message } = await revoke.mutateAsync(link.id);
      banner.show('success', message, `${link.fileName} · ${link.recipient}`);
    } catch (error) {
      banner.show('error', errorMessage(error, SHARED_LINK_MESSAGES.revokeFailed));
    } finally {
      setConfirming(false);
    }
  }

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-2 py-3" data-link-id={link.id}>
      <div className="min-w-0 flex-1 basis-56">
        <p className="truncate text-sm font-medium" title={link.fileName}>
          {link.fileName}
        </p>
        <p className="break-words text-xs text-muted">
          To {link.recipient} · <span className="tabular">until {formatDateTime(link.expiresAt, timeZone)}</span>
        </p>
        <p className="tabular text-xs">{downloadsText(link, timeZone)}</p>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Revoke the link to ${link.fileName}?`}
        description={`${link.recipient} can no longer open ${link.fileName} with it. This cannot be undone: to share the file again, send a new link.`}
        trigger={
          <Button variant="outline" size="sm" aria-label={`Revoke the link to ${link.fileName} for ${link.recipient}`}>
            Revoke
          </Button>
        }
        confirmLabel="Revoke"
        onConfirm={() => void revokeConfirmed()}
        pending={revoke.isPending}
        pendingLabel="Revoking..."
      />
    </li>
  );
}

/** The latest end of a file's live links, from the same list (one request for the whole library). */
function useLinkUntil(fileId: string): string | undefined {
  const { data } = useQuery({
    ...sharedLinksQuery(),
    select: (answer) =>
      answer.links
        .filter((link) => link.fileId === fileId)
        .reduce<string | undefined>(
          (latest, link) => (!latest || link.expiresAt > latest ? link.expiresAt : latest),
          undefined,
        ),
  });
  return data;
}

/** "Shared until Mar 12, 2026" on a file that has a live link; nothing otherwise. */
export function LinkUntilBadge({ fileId }: { fileId: string }) {
  const timeZone = useTimeZone();
  const until = useLinkUntil(fileId);
  if (!until) return null;
  return (
    <Badge variant="info" title={`A shared link opens this file until ${formatDateTime(until, timeZone)}`}>
      <Link2 aria-hidden="true" className="size-3" /> Shared until {formatDate(until, timeZone)}
    </Badge>
  );
}
