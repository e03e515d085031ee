import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { CURRENCY_MINOR_UNITS, type CurrencyCode, type CurrencyExposure } from '@tp/shared';
import { paths } from '@/lib/paths';
import { buttonClasses } from '@/ui/button';
import { Card } from '@/ui/card';
import { EmptyState, QueryState } from '@/ui/query-state';
import { useExposure } from '../api/get-exposure';
import { formatRatio, sumAmounts } from '../format';
import { DESK_TEXTS } from '../texts';
import { FallsDueNext } from './falls-due-next';
import { Money } from './money';
import { RatioBar } from './ratio-bar';

const T = DESK_TEXTS.dashboard;

/**
 * A currency's whole ladder in one line: its net in home currency, the share of it hedged, and the
 * policy's target for it (each period's target weighted by that period's net). For display only.
 */
export function currencySummary(entry: CurrencyExposure, home: CurrencyCode) {
  const net = entry.buckets.reduce((total, b) => total + Number(b.net), 0);
  const hedged = entry.buckets.reduce((total, b) => total + Number(b.hedged), 0);
  const weight = entry.buckets.reduce((total, b) => total + Math.abs(Number(b.net)), 0);
  const target =
    weight === 0 ? 0 : entry.buckets.reduce((t, b) => t + Number(b.targetRatio) * Math.abs(Number(b.net)), 0) / weight;
  return {
    netHome: sumAmounts(
      entry.buckets.map((b) => b.netHome),
      CURRENCY_MINOR_UNITS[home],
    ),
    ratio: net === 0 ? null : hedged / net,
    target,
  };
}

/** The dashboard's "Exporter desk": net exposure by currency in home currency, hedged against the policy, what falls due next. */
export function DeskSummary() {
  const exposure = useExposure();
  return (
    <Card as="section" elevation="flat" aria-labelledby="dashboard-desk" className="p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="dashboard-desk" className="text-lg font-semibold">
          {T.heading}
        </h2>
        <Link to={paths.desk} className={buttonClasses('outline', 'sm')}>
          {T.open} <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      <div className="mt-3">
        <QueryState query={exposure} label="your desk" lines={3}>
          {(data) =>
            data.currencies.length === 0 && data.next.length === 0 ? (
              <EmptyState title={DESK_TEXTS.welcome} />
            ) : (
              <div className="flex flex-col gap-4">
                <ul aria-label={T.netByCurrency} className="flex flex-col gap-3">
                  {data.currencies.map((entry) => {
                    const summary = currencySummary(entry, data.homeCurrency);
                    return (
                      <li key={entry.currency} className="flex flex-col gap-1 text-sm">
                        <div className="flex flex-wrap items-baseline justify-between gap-2">
                          <span className="font-medium">{entry.currency}</span>
                          <Money value={summary.netHome} currency={data.homeCurrency} className="font-semibold" />
                        </div>
                        <RatioBar ratio={summary.ratio ?? 0} target={summary.target} />
                        <span className="tabular text-xs text-muted">
                          {T.ratio} {summary.ratio === null ? '—' : formatRatio(summary.ratio)} ·{' '}
                          {T.target(formatRatio(summary.target))}
                        </span>
                      </li>
                    );
                  })}
                </ul>
                <div>
                  <h3 className="text-sm font-semibold">{DESK_TEXTS.next.heading}</h3>
                  <FallsDueNext exposure={data} today={data.today} />
                </div>
              </div>
            )
          }
        </QueryState>
      </div>
    </Card>
  );
}
