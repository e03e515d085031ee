import type { CurrencyCode, DeskRate } from '@tp/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatDateTime } from '@/lib/format-date';
import { useTimeZone } from '@/lib/time-zone';
import { Figure } from '@/ui/figure';
import { LoadingState } from '@/ui/query-state';
import { formatAmount, formatPoints, formatRate } from '../format';
import { DESK_TEXTS } from '../texts';

const T = DESK_TEXTS.bookForward;

/** What an amount fixes at a rate, in home currency, to the home currency's minor units (a display estimate). */
function fixedHome(amount: string, rate: string): number | null {
  const value = Number(amount) * Number(rate);
  return Number.isFinite(value) && value > 0 ? value : null;
}

/** The live quote of a booking or a roll: spot, forward rate, points and days, and what the amount fixes. */
export function RateQuote({
  quote,
  amount,
  home,
}: {
  quote: UseQueryResult<DeskRate>;
  amount?: string;
  home?: CurrencyCode;
}) {
  const timeZone = useTimeZone();
  if (quote.fetchStatus === 'idle' && !quote.data) return <p className="text-sm text-muted">{T.chooseFirst}</p>;
  if (quote.isError && !quote.data) return null;
  if (!quote.data) return <LoadingState label="Loading the quote" lines={2} />;
  const rate = quote.data;
  const fixes = amount && home ? fixedHome(amount, rate.forwardRate) : null;
  return (
    // four figures in a row only where the dialog is wide enough for ten-digit rates
    <div aria-live="polite" className="@container flex flex-col gap-2">
      <dl className="grid grid-cols-2 gap-2 @lg:grid-cols-4">
        <Figure label={`${T.spot} (${rate.homeCurrency})`}>{formatRate(rate.spot)}</Figure>
        <Figure label={T.forwardRate}>{formatRate(rate.forwardRate)}</Figure>
        <Figure label={T.points}>{formatPoints(rate.forwardPoints)}</Figure>
        <Figure label={T.days}>{rate.days}</Figure>
      </dl>
      <p className="text-xs text-muted">
        {T.quote}, {formatDateTime(rate.at, timeZone)}
        {fixes !== null && home && (
          <>
            {' · '}
            {T.fixes} ≈ <span className="tabular">{formatAmount(fixes.toFixed(2), home)}</span>
          </>
        )}
      </p>
    </div>
  );
}
