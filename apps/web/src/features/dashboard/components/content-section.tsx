import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { FILE_CATEGORIES } from '@tp/shared';
import { fileStatsQuery } from '@/features/content';
import { paths } from '@/lib/paths';
import { retryDataLoading } from '@/lib/query-client';
import { formatBytes } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date';
import { formatCount } from '@/lib/format';
import { QueryState } from '@/ui/query-state';

/**
 * The content widget: the user's files by category and the newest uploads. The content hub's own
 * stats entry, so an upload or delete there refreshes it; loaded with the dashboard's retry.
 */
export function ContentSection({ timeZone }: { timeZone?: string }) {
  const stats = useQuery({ ...fileStatsQuery(), ...retryDataLoading });
  return (
    <QueryState query={stats} label="your files">
      {({ stats: s }) =>
        s.totalFiles === 0 ? (
          <p className="text-sm text-muted">
            You have no files yet.{' '}
            <Link to={paths.contentAccess} className="font-medium text-accent underline">
              Upload your first file in Access Content
            </Link>
            .
          </p>
        ) : (
          <div className="flex flex-col gap-4">
            <p className="text-sm">
              <span className="tabular font-semibold">{formatCount(s.totalFiles)}</span> files,{' '}
              <span className="tabular font-semibold">{formatBytes(s.totalSize)}</span> in all.
            </p>
            <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3">
              {FILE_CATEGORIES.map((category) => (
                <div key={category} className="rounded-md bg-surface-2 p-2">
                  <dt className="text-xs capitalize text-muted">{category}</dt>
                  <dd className="tabular text-right font-semibold">{formatCount(s.categories[category])}</dd>
                </div>
              ))}
            </dl>
            <div>
              <h3 className="font-semibold">Newest uploads</h3>
              <ul className="mt-2 divide-y divide-border text-sm">
                {s.recentActivity.map((file) => (
                  <li key={file.id} className="flex flex-wrap justify-between gap-2 py-2">
                    <span className="min-w-0 break-all">{file.name}</span>
                    <time dateTime={file.createdAt} className="tabular text-xs text-muted">
                      {formatDateTime(file.createdAt, timeZone)}
                    </time>
                  </li>
                ))}
              </ul>
            </div>
            <Link to={paths.contentAccess} className="text-sm font-medium text-accent underline">
              Manage your files
            </Link>
          </div>
        )
      }
    </QueryState>
  );
}
