import { CONTENT_MESSAGES, FILE_CATEGORIES } from '@tp/shared';
import { Skeleton } from '@/ui/skeleton';
import { LoadingState } from '@/ui/query-state';
import { useFileStats } from '../api/get-file-stats';
import { useSessionFiles } from '../api/get-session-files';
import { LoadError } from '@/ui/load-error';
import { formatBytes } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date';
import { CATEGORY_LABELS } from '../content-format';
import { formatCount } from '@/lib/format';
import { CATEGORY_ICONS } from './category-icons';
import { Card } from '@/ui/card';
import { Figure } from '@/ui/figure';
import { useTimeZone } from '@/lib/time-zone';
import { FileName } from '@/ui/file-name';

/** The hub's side panel: the figures of GET /files/stats and this session's uploads. */
export function ContentStats() {
  return (
    <div className="flex flex-col gap-6">
      <StatsCard />
      <SessionUploads />
    </div>
  );
}

function StatsCard() {
  const stats = useFileStats();
  const timeZone = useTimeZone();
  return (
    <Card as="section" elevation="flat" aria-labelledby="content-stats-heading" className="flex flex-col gap-3 p-4">
      <h2 id="content-stats-heading" className="font-semibold">
        Your library
      </h2>
      {stats.isPending ? (
        <LoadingState label="Loading file statistics" className="flex flex-col gap-2">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-24 w-full" />
        </LoadingState>
      ) : stats.isError ? (
        <LoadError
          error={stats.error}
          fallback={CONTENT_MESSAGES.fetchStatsFailed}
          onRetry={() => void stats.refetch()}
        />
      ) : (
        <>
          <dl className="grid grid-cols-3 gap-2 text-center">
            <Figure label="Files" size="sm" nowrap>
              {formatCount(stats.data.stats.totalFiles)}
            </Figure>
            <Figure label="Stored" size="sm" nowrap>
              {formatBytes(stats.data.stats.totalSize)}
            </Figure>
            <Figure label="Session" size="sm" nowrap>
              {formatCount(stats.data.stats.sessionUploads)}
            </Figure>
          </dl>
          <dl className="flex flex-col gap-1 text-sm">
            {FILE_CATEGORIES.map((category) => {
              const Icon = CATEGORY_ICONS[category];
              return (
                <div key={category} className="flex items-center gap-2">
                  <Icon aria-hidden="true" className="size-4 text-muted" />
                  <dt className="flex-1">{CATEGORY_LABELS[category]}</dt>
                  <dd className="tabular text-right">{formatCount(stats.data.stats.categories[category])}</dd>
                </div>
              );
            })}
          </dl>
          <div className="flex flex-col gap-1">
            <h3 className="text-sm font-semibold">Recent activity</h3>
            {stats.data.stats.recentActivity.length === 0 ? (
              <p className="text-sm text-muted">No uploads yet. Your newest files show here.</p>
            ) : (
              <ul className="flex flex-col gap-1 text-sm">
                {stats.data.stats.recentActivity.slice(0, 5).map((item) => (
                  <li key={item.id} className="flex flex-col">
                    <FileName name={item.name} fit="line" />
                    <span className="tabular text-xs text-muted">{formatDateTime(item.createdAt, timeZone)}</span>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </>
      )}
    </Card>
  );
}

function SessionUploads() {
  const session = useSessionFiles();
  return (
    <Card as="section" elevation="flat" aria-labelledby="session-uploads-heading" className="flex flex-col gap-2 p-4">
      <h2 id="session-uploads-heading" className="font-semibold">
        Uploaded this session
      </h2>
      {session.isPending ? (
        <LoadingState lines={2} label="Loading this session's uploads" />
      ) : session.isError ? (
        <LoadError
          error={session.error}
          fallback={CONTENT_MESSAGES.fetchSessionFilesFailed}
          onRetry={() => void session.refetch()}
        />
      ) : session.data.files.length === 0 ? (
        <p className="text-sm text-muted">
          Nothing uploaded since you signed in. Files you upload now are listed here.
        </p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {session.data.files.map((file) => (
            <li key={file.id} className="flex items-center gap-2">
              <a href={file.url} target="_blank" rel="noopener noreferrer" className="min-w-0 flex-1 hover:underline">
                <FileName name={file.name} fit="line" />
              </a>
              <span className="tabular text-xs text-muted">{formatBytes(file.size)}</span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
