import { Briefcase, Eye, FileText, LineChart } from 'lucide-react';
import { Link } from 'react-router';
import type { ActivityResponse } from '@tp/shared';
import { usePortfolio } from '@/features/trading';
import { paths } from '@/lib/paths';
import { loadErrorMessage } from '@/ui/load-error';
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

/**
 * The overview (spec 01 §2): a clock, the progress ring, the user's real figures — files and views
 * from the content hub, trades and portfolio value from the paper account — a link to the content
 * hub and the recent activity.
 */
export function OverviewSection({ activity }: { activity: ActivityResponse }) {
  const portfolio = usePortfolio();
  const trades = useRecentTrades();
  const tradeCount = trades.data?.pagination.total;
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <Clock timeZone={activity.timeZone} />
        <ProgressRing percent={activity.progress.percent} label="Today's progress ring" />
      </div>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
        <MetricCard
          label="Files"
          icon={FileText}
          value={formatCount(activity.counts.files)}
          hint={activity.counts.files === 0 ? 'No files yet: upload one in Access Content.' : 'In your content hub'}
        />
        <MetricCard
          label="Views"
          icon={Eye}
          value={formatCount(activity.counts.views)}
          hint={activity.counts.views === 0 ? 'Views of your files show here.' : 'Of your files, all time'}
        />
        <MetricCard
          label="Orders"
          icon={LineChart}
          value={figure(trades, (t) => formatCount(t.pagination.total))}
          hint={
            trades.isError
              ? `Error: ${loadErrorMessage(trades.error)}`
              : tradeCount === 0
                ? 'No trades yet: place a paper trade in Trading.'
                : // what the trade history lists; Analytics and Achievements count only accepted orders
                  'On your paper account, rejected ones included'
          }
        />
        <MetricCard
          label="Portfolio value"
          icon={Briefcase}
          value={figure(portfolio, (p) => formatMoney(p.totalValue))}
          hint={
            portfolio.isError
              ? `Error: ${loadErrorMessage(portfolio.error)}`
              : portfolio.data
                ? `Day change ${formatSignedMoney(portfolio.data.dayChange)}`
                : undefined
          }
        />
      </dl>
      <p>
        <Link to={paths.contentAccess} className="text-sm font-medium text-accent underline">
          Go to Access Content
        </Link>
      </p>
      <RecentActivity events={activity.recent} timeZone={activity.timeZone} />
    </div>
  );
}
