import { Briefcase, Eye, FileText, LineChart } from 'lucide-react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ActivityResponse } from '@tp/shared';
import { usePortfolio } from '@/features/trading';
import { paths } from '@/lib/paths';
import { loadErrorMessage } from '@/ui/load-error';
import { QueryState } from '@/ui/query-state';
import { Skeleton } from '@/ui/skeleton';
import { useRecentTrades } from '../api/recent-trades';
import { formatCount, formatMoney, formatSignedMoney } from '@/lib/format';
import { Clock } from './clock';
import { MetricCard } from './metric-card';
import { ProgressRing } from './progress-ring';
import { RecentActivity } from './recent-activity';

/** A figure of a query: a skeleton while it loads, "—" with the error as its hint when it failed. */
function figure<T>(query: { data?: T; isError: boolean }, show: (data: T) => string) {
  if (query.data !== undefined) return show(query.data);
  return query.isError ? '—' : <Skeleton className="ml-auto h-7 w-20" />;
}

/** A figure's hint: what failed when its query failed, else what its data says (nothing while it loads). */
function hint<T>(query: { data?: T; isError: boolean; error: unknown }, say: (data: T) => string) {
  if (query.isError) return `Error: ${loadErrorMessage(query.error)}`;
  return query.data === undefined ? undefined : say(query.data);
}

/**
 * The overview (docs/product/dashboard.md#overview-section): a clock, the progress ring, the user's
 * real figures — files and views
 * from the content hub, trades and portfolio value from the paper account — a link to the content
 * hub and the recent activity. Each part fails in place: without the activity the clock, trades and
 * portfolio still show, and the recent activity says what failed, with its retry.
 */
export function OverviewSection({
  activity,
  timeZone,
}: {
  activity: UseQueryResult<ActivityResponse>;
  timeZone?: string;
}) {
  const portfolio = usePortfolio();
  const trades = useRecentTrades();
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <Clock timeZone={timeZone} />
        {activity.data ? (
          <ProgressRing percent={activity.data.progress.percent} label="Today's progress ring" />
        ) : (
          !activity.isError && <Skeleton className="size-30 rounded-full" />
        )}
      </div>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <MetricCard
          label="Files"
          icon={FileText}
          value={figure(activity, (a) => formatCount(a.counts.files))}
          hint={hint(activity, ({ counts }) =>
            counts.files === 0 ? 'No files yet: upload one in Access Content.' : 'In your content hub',
          )}
        />
        <MetricCard
          label="Views"
          icon={Eye}
          value={figure(activity, (a) => formatCount(a.counts.views))}
          hint={hint(activity, ({ counts }) =>
            counts.views === 0 ? 'Views of your files show here.' : 'Of your files, all time',
          )}
        />
        <MetricCard
          label="Orders"
          icon={LineChart}
          value={figure(trades, (t) => formatCount(t.pagination.total))}
          hint={hint(trades, ({ pagination }) =>
            pagination.total === 0
              ? 'No trades yet: place a paper trade in Trading.'
              : // what the trade history lists; Analytics and Achievements count only accepted orders
                'On your paper account, rejected ones included',
          )}
        />
        <MetricCard
          label="Portfolio value"
          icon={Briefcase}
          value={figure(portfolio, (p) => formatMoney(p.totalValue))}
          hint={hint(portfolio, (p) => `Day change ${formatSignedMoney(p.dayChange)}`)}
        />
      </dl>
      <p>
        <Link to={paths.contentAccess} className="text-sm font-medium text-accent underline">
          Go to Access Content
        </Link>
      </p>
      <QueryState query={activity} label="recent activity">
        {(data) => <RecentActivity events={data.recent} timeZone={timeZone} />}
      </QueryState>
    </div>
  );
}
