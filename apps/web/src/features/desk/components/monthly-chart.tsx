import { useId } from 'react';
import type { CurrencyCode, Exposure } from '@tp/shared';
import { ChartGrid, valueTicks } from '@/features/trading';
import { cn } from '@/lib/cn';
import { EmptyState } from '@/ui/query-state';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/ui/table';
import { formatAmount, formatCompactAmount, formatMonth } from '../format';
import { DESK_TEXTS } from '../texts';
import { Money } from './money';

const T = DESK_TEXTS.charts;

/**
 * One fill per currency, from the theme's own colours (the legend and the table below name them,
 * so colour is never the only way to tell two currencies apart).
 */
const SERIES = ['fill-accent', 'fill-muted', 'fill-accent/45', 'fill-fg/70', 'fill-muted/45', 'fill-fg/30'];
const SWATCH = ['bg-accent', 'bg-muted', 'bg-accent/45', 'bg-fg/70', 'bg-muted/45', 'bg-fg/30'];

interface Segment {
  currency: CurrencyCode;
  from: number;
  to: number;
  netHome: string;
}

/** Each month's bars: receivables stacked up from zero, payables down from it, currency by currency. */
function stack(monthly: Exposure['monthly'], months: string[], currencies: CurrencyCode[]) {
  return months.map((month) => {
    let up = 0;
    let down = 0;
    const segments: Segment[] = [];
    for (const currency of currencies) {
      const row = monthly.find((m) => m.month === month && m.currency === currency);
      if (!row) continue;
      const value = Number(row.netHome);
      if (value >= 0) segments.push({ currency, from: up, to: (up += value), netHome: row.netHome });
      else segments.push({ currency, from: down, to: (down += value), netHome: row.netHome });
    }
    return { month, segments, up, down };
  });
}

/** Net exposure by calendar month, stacked by currency, in home currency (an SVG, as the analytics chart: decision 0031). */
export function MonthlyChart({ exposure }: { exposure: Exposure }) {
  const id = useId();
  const home = exposure.homeCurrency;
  const { monthly } = exposure;
  if (monthly.length === 0) return <EmptyState title={T.monthlyEmpty} />;
  const months = [...new Set(monthly.map((m) => m.month))].sort();
  const currencies = [...new Set(monthly.map((m) => m.currency))];
  const bars = stack(monthly, months, currencies);
  const ticks = valueTicks(Math.min(0, ...bars.map((b) => b.down)), Math.max(0, ...bars.map((b) => b.up)));
  const low = ticks[0]!;
  const high = ticks.at(-1)!;
  const y = (value: number) => 100 - ((value - low) / (high - low || 1)) * 100;
  const slot = 100 / months.length;
  const colour = (currency: CurrencyCode) => currencies.indexOf(currency) % SERIES.length;
  return (
    <figure aria-labelledby={`${id}-name`} className="@container flex flex-col gap-3">
      <figcaption id={`${id}-name`} className="sr-only">
        {T.monthlyHeading}
      </figcaption>
      <ul aria-label={T.currency} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
        {currencies.map((currency) => (
          <li key={currency} className="inline-flex items-center gap-2">
            <span aria-hidden="true" className={cn('size-3 rounded-sm', SWATCH[colour(currency)])} />
            {currency}
          </li>
        ))}
      </ul>
      {/* the picture; the table below says the same in figures */}
      <div className="grid grid-cols-[auto_1fr] gap-x-2" aria-hidden="true">
        <ChartGrid ticks={ticks} y={y} label={(tick) => formatCompactAmount(tick, home)} height="h-48" strong={0}>
          {bars.map((bar, index) =>
            bar.segments.map((segment) => (
              <rect
                key={`${bar.month}-${segment.currency}`}
                data-month={bar.month}
                data-currency={segment.currency}
                x={index * slot + slot * 0.2}
                width={slot * 0.6}
                y={Math.min(y(segment.from), y(segment.to))}
                height={Math.abs(y(segment.from) - y(segment.to))}
                vectorEffect="non-scaling-stroke"
                className={cn(SERIES[colour(segment.currency)], 'stroke-surface')}
              >
                <title>{`${segment.currency}, ${formatMonth(bar.month)}: ${formatAmount(segment.netHome, home)}`}</title>
              </rect>
            )),
          )}
        </ChartGrid>
        <div />
        <div className="tabular relative h-4 text-xs leading-4 text-muted">
          {months.map((month, index) => (
            <span
              key={month}
              style={{ left: `${index * slot + slot / 2}%` }}
              className={cn(
                'absolute -translate-x-1/2 whitespace-nowrap',
                // a label every other month on a narrow chart, so they never overlap
                months.length > 6 && index % 2 === 1 && 'hidden @lg:block',
              )}
            >
              {formatMonth(month)}
            </span>
          ))}
        </div>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted hover:text-fg">{T.showTable}</summary>
        <div className="mt-2">
          <Table stacked scrollLabel={T.monthlyHeading}>
            <TableHeader>
              <TableRow>
                <TableHead>{T.month}</TableHead>
                <TableHead>{T.currency}</TableHead>
                <TableHead numeric>{DESK_TEXTS.ladder.net}</TableHead>
                <TableHead numeric>{DESK_TEXTS.ladder.netHome(home)}</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {monthly.map((row) => (
                <TableRow key={`${row.month}-${row.currency}`}>
                  <TableCell>{formatMonth(row.month)}</TableCell>
                  <TableCell label={T.currency}>{row.currency}</TableCell>
                  <TableCell numeric label={DESK_TEXTS.ladder.net}>
                    <Money value={row.net} currency={row.currency} />
                  </TableCell>
                  <TableCell numeric label={DESK_TEXTS.ladder.netHome(home)}>
                    <Money value={row.netHome} currency={home} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </details>
    </figure>
  );
}
