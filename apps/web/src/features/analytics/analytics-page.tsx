import { useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { dashboardKeys } from '@/features/dashboard';
import {
  EquityChart,
  formatPercent,
  formatSignedPercent,
  riskFigures,
  toneOf,
  usePerformance,
  useRisk,
} from '@/features/trading';
import { cn } from '@/lib/cn';
import { formatMoney, formatSignedMoney } from '@/lib/format';
import { Figure } from '@/ui/figure';
import { PageLayout } from '@/ui/page-layout';
import { QueryState } from '@/ui/query-state';
import { useAnalytics } from './api/get-analytics';
import { BarChart } from './components/bar-chart';
import { Card } from '@/ui/card';
import { PAGE_HEADINGS } from '@/lib/page-headings';

function Region<T>({
  title,
  query,
  reserve,
  children,
}: {
  title: string;
  query: UseQueryResult<T>;
  /** Classes giving the loading state the height of what arrives (per breakpoint), so nothing below moves. */
  reserve?: string;
  children: (data: T) => ReactNode;
}) {
  const id = `analytics-${title.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Card as="section" elevation="flat" aria-labelledby={id} className="p-5">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <div className={cn('mt-3', query.isPending && reserve)}>
        <QueryState query={query} label={title.toLowerCase()} lines={4}>
          {children}
        </QueryState>
      </div>
    </Card>
  );
}

/** A signed figure written in its gain or loss colour. */
function signed(value: string | number, text: string) {
  return <span className={`tabular ${toneOf(value)}`}>{text}</span>;
}

/** A signed amount of money ("+$12.50", "−$5.73"). */
const money = (value: string) => signed(value, formatSignedMoney(value));

/** A signed percentage ("+2.50 %", "−1.20 %"), or "—" while there is not enough history. */
function percent(value: number | null) {
  if (value === null) return <span className="text-muted">—</span>;
  return signed(value, formatSignedPercent(value));
}

function Figures({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-3 xl:grid-cols-4">
      {rows.map(([label, value]) => (
        <Figure key={label} label={label} align="end">
          {value}
        </Figure>
      ))}
    </dl>
  );
}

/**
 * The user's trading performance and risk, content and campaign figures, and XP over time
 * (docs/product/dashboard.md#analytics-page).
 */
export default function AnalyticsPage() {
  const analytics = useAnalytics();
  const performance = usePerformance();
  const risk = useRisk();
  const queryClient = useQueryClient();
  const viewed = analytics.isSuccess;
  // opening analytics completes today's Check Analytics goal: the sidebar reads the activity again
  useEffect(() => {
    if (viewed) void queryClient.invalidateQueries({ queryKey: dashboardKeys.activity() });
  }, [viewed, queryClient]);
  return (
    <PageLayout {...PAGE_HEADINGS.analytics} width="app">
      <div className="grid grid-cols-1 gap-5 xl:grid-cols-2">
        <Region
          title="Trading performance"
          query={performance}
          reserve="min-h-[422px] md:min-h-[362px] xl:min-h-[334px]"
        >
          {(p) => (
            <div className="flex flex-col gap-3">
              <EquityChart curve={p.equityCurve} />
              <Figures
                rows={[
                  ['Today', percent(p.returns.today)],
                  ['Month', percent(p.returns.month)],
                  ['Since opening', percent(p.returns.all)],
                  ['Realized P&L', money(p.realizedPnl)],
                  ['Unrealized P&L', money(p.unrealizedPnl)],
                  ['Closed trades', `${p.closedTrades} (${p.wins} won)`],
                  // a rate and a cost, not changes: no sign, no gain colour
                  ['Win rate', p.winRate === null ? '—' : formatPercent(p.winRate)],
                  ['Fees', formatMoney(p.fees)],
                ]}
              />
            </div>
          )}
        </Region>
        <Region title="Risk" query={risk}>
          {(r) =>
            r.observations === 0 && !r.largestPosition ? (
              <p className="text-sm text-muted">Risk figures appear once you hold positions for a few days.</p>
            ) : (
              <Figures
                rows={[
                  // as /trades writes them
                  ...riskFigures(r).map(({ label, value }): [string, ReactNode] => [label, value]),
                  ['Observations', r.observations],
                ]}
              />
            )
          }
        </Region>
        <Region title="Content" query={analytics} reserve="min-h-[242px] md:min-h-[138px] xl:min-h-[302px]">
          {(a) => (
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <BarChart title="Uploads" series={a.content.uploads} />
              <BarChart title="Views" series={a.content.views} />
            </div>
          )}
        </Region>
        <Region title="Campaigns" query={analytics} reserve="min-h-[302px] md:min-h-[94px] xl:min-h-[302px]">
          {(a) => (
            // three charts side by side only where each has room for its dates (not in a half-width column)
            <div className="@container">
              <div className="grid grid-cols-1 gap-3 @lg:grid-cols-3">
                <BarChart title="Sent" series={a.campaigns.sends} />
                <BarChart title="Opens" series={a.campaigns.opens} />
                <BarChart title="Clicks" series={a.campaigns.clicks} />
              </div>
            </div>
          )}
        </Region>
        <Region title="Activity" query={analytics}>
          {(a) => (
            <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
              <BarChart title="XP earned" series={a.activity.xp} />
              <BarChart title="Orders placed (not rejected)" series={a.activity.trades} />
            </div>
          )}
        </Region>
      </div>
    </PageLayout>
  );
}
