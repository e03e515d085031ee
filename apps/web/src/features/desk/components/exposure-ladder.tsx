import { AlertTriangle } from 'lucide-react';
import type { CurrencyCode, CurrencyExposure, Exposure, ExposureBucket } from '@tp/shared';
import { cn } from '@/lib/cn';
import { Figure } from '@/ui/figure';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/ui/table';
import { currencyName } from '../currency-names';
import { formatRate, formatRatio, isNonZero } from '../format';
import { BUCKET_TEXTS, DESK_TEXTS } from '../texts';
import { Money } from './money';
import { RatioBar } from './ratio-bar';

const T = DESK_TEXTS.ladder;

/** Where a bucket stands against its target: none (net 0), over-hedged (above 100 %), at or below target. */
export type RatioState = 'none' | 'over' | 'at' | 'below';

export function ratioState(bucket: Pick<ExposureBucket, 'hedgeRatio' | 'targetRatio'>): RatioState {
  if (bucket.hedgeRatio === null) return 'none';
  const ratio = Number(bucket.hedgeRatio);
  if (ratio > 1) return 'over';
  // the server writes ratios to 4 decimals: a bucket hedged to its target reads as the target
  return ratio >= Number(bucket.targetRatio) - 0.00005 ? 'at' : 'below';
}

const STATE_WORDS: Record<RatioState, string> = {
  none: T.noNet,
  over: T.overHedged,
  at: T.atTarget,
  below: T.belowTarget,
};

/** The most of the accent a cell takes (at 100 % hedged): text keeps its contrast on it in both themes. */
const MAX_TINT = 40;

/**
 * The hedge ratio on a single-hue scale (surface → accent), the policy's target as a mark on the
 * bar, and both written as numbers; an over-hedged cell says so in words.
 */
function RatioCell({ bucket }: { bucket: ExposureBucket }) {
  const state = ratioState(bucket);
  const ratio = bucket.hedgeRatio === null ? 0 : Number(bucket.hedgeRatio);
  const fill = Math.max(0, Math.min(1, ratio));
  return (
    <TableCell
      label={T.ratio}
      data-testid={`ratio-${bucket.bucket}`}
      data-state={state}
      style={{
        backgroundColor: `color-mix(in oklab, var(--color-accent) ${Math.round(fill * MAX_TINT)}%, var(--color-surface))`,
      }}
    >
      <div className="flex min-w-28 flex-1 flex-col gap-1 text-left">
        <div className="flex flex-wrap items-baseline justify-between gap-x-2">
          <span className="tabular font-semibold">
            {bucket.hedgeRatio === null ? '—' : formatRatio(bucket.hedgeRatio)}
          </span>
          <span className={cn('inline-flex items-center gap-1 text-xs', state === 'over' && 'font-semibold')}>
            {state === 'over' && <AlertTriangle aria-hidden="true" className="size-3 text-warning" />}
            {STATE_WORDS[state]}
          </span>
        </div>
        <RatioBar ratio={ratio} target={Number(bucket.targetRatio)} />
        <span className="tabular text-xs">{T.target(formatRatio(bucket.targetRatio))}</span>
      </div>
    </TableCell>
  );
}

/** Nothing owed, owing or hedged in the period: its figures would all be zero. */
const isEmpty = (bucket: ExposureBucket) => ![bucket.receivable, bucket.payable, bucket.hedged].some(isNonZero);

function BucketRow({ bucket, currency, home }: { bucket: ExposureBucket; currency: CurrencyCode; home: CurrencyCode }) {
  const period = <TableCell className="font-medium">{BUCKET_TEXTS[bucket.bucket]}</TableCell>;
  if (isEmpty(bucket)) {
    // one line instead of six zeros (a card of six zero lines on a phone)
    return (
      <TableRow data-testid={`bucket-${bucket.bucket}`}>
        {period}
        <TableCell colSpan={6} className="text-muted">
          {T.emptyBucket(formatRatio(bucket.targetRatio))}
        </TableCell>
      </TableRow>
    );
  }
  return (
    <TableRow data-testid={`bucket-${bucket.bucket}`}>
      {period}
      <TableCell numeric label={T.netHome(home)}>
        <Money value={bucket.netHome} currency={home} />
      </TableCell>
      <TableCell numeric label={T.receivable}>
        <Money value={bucket.receivable} currency={currency} />
      </TableCell>
      <TableCell numeric label={T.payable}>
        <Money value={bucket.payable} currency={currency} />
      </TableCell>
      <TableCell numeric label={T.net}>
        <Money value={bucket.net} currency={currency} />
      </TableCell>
      <TableCell numeric label={T.hedged}>
        <Money value={bucket.hedged} currency={currency} />
      </TableCell>
      <RatioCell bucket={bucket} />
    </TableRow>
  );
}

function CurrencyRates({ entry, home }: { entry: CurrencyExposure; home: CurrencyCode }) {
  const rate = (value: string | null, none: string) =>
    value === null ? <span className="font-normal text-muted">{none}</span> : formatRate(value);
  const budget = entry.budgetRate;
  return (
    <>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 2xl:grid-cols-6">
        <Figure label={`${T.spot} (${home})`}>{formatRate(entry.spot)}</Figure>
        <Figure label={T.budget}>{rate(budget, T.noBudget)}</Figure>
        <Figure label={T.blendedSell}>{rate(entry.blendedSellRate, T.noForwards)}</Figure>
        <Figure label={T.blendedBuy}>{rate(entry.blendedBuyRate, T.noForwards)}</Figure>
        <Figure label={T.revaluation}>
          <Money signed value={entry.revaluation} currency={home} />
        </Figure>
        <Figure label={T.markToMarket}>
          <Money signed value={entry.forwardsMarkToMarket} currency={home} />
        </Figure>
      </dl>
      {budget !== null && Number(entry.spot) !== Number(budget) && (
        <p className="mt-2 text-sm text-muted">{T.spotVsBudget(Number(entry.spot) > Number(budget))}</p>
      )}
    </>
  );
}

/** One currency's rungs: its rates against the budget, then receivable, payable, net, hedged and ratio per period. */
function CurrencyLadder({ entry, home }: { entry: CurrencyExposure; home: CurrencyCode }) {
  const headingId = `ladder-${entry.currency}`;
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-3">
      <h3 id={headingId} className="text-base font-semibold">
        {entry.currency} <span className="font-normal text-muted">· {currencyName(entry.currency)}</span>
      </h3>
      <CurrencyRates entry={entry} home={home} />
      <Table stacked="xl" scrollLabel={`${entry.currency} ladder`} aria-labelledby={headingId}>
        <TableHeader>
          <TableRow>
            <TableHead>{T.period}</TableHead>
            <TableHead numeric>{T.netHome(home)}</TableHead>
            <TableHead numeric>{T.receivable}</TableHead>
            <TableHead numeric>{T.payable}</TableHead>
            <TableHead numeric>{T.net}</TableHead>
            <TableHead numeric>{T.hedged}</TableHead>
            <TableHead>{T.ratio}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {entry.buckets.map((bucket) => (
            <BucketRow key={bucket.bucket} bucket={bucket} currency={entry.currency} home={home} />
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

/** The exposure ladder: per currency and period, what is open, what is hedged, and the ratio against the policy. */
export function ExposureLadder({ exposure }: { exposure: Exposure }) {
  return (
    <div className="flex flex-col gap-6">
      {exposure.currencies.map((entry) => (
        <CurrencyLadder key={entry.currency} entry={entry} home={exposure.homeCurrency} />
      ))}
    </div>
  );
}
