import type { CurrencyCode, ForwardSide, InvoiceDirection } from '@tp/shared';
import type { Statement } from '../../db/client';
import type { CalendarDay } from './calendar-dates';

/**
 * The hedge view's two sums (docs/desk.md#6-the-hedge-view): PostgreSQL sums the open invoices and
 * values the live forwards in exact `numeric`, so the answer costs a few dozen rows whatever the size
 * of the books. Each is SQL over named terms, embedded in the hedge view's read (exposure-reads.ts)
 * and run alone as the bench's statements.
 */

/** Dates that start the second, third, … bucket (each bucket's first date is the one before's end). */
type BucketStarts = CalendarDay[];

export interface InvoiceSumsArgs {
  userId: string;
  homeCurrency: CurrencyCode;
  today: CalendarDay;
  bucketStarts: BucketStarts;
}

/** SQL expressions (parameters) a sums read is built from, so that a larger statement can embed it. */
export interface SumsTerms {
  userId: string;
  today: string;
  bucketStarts: string;
}

/** Open and partly-paid invoices in foreign currencies, per currency, direction, bucket and month. */
export const invoiceSumsSql = (terms: SumsTerms & { homeCurrency: string }) =>
  // the month is grouped as a timestamp and written once per group (to_char on every row costs more)
  `select currency, direction, width_bucket(due_date, ${terms.bucketStarts}::date[]) as bucket,
      to_char(date_trunc('month', greatest(due_date, ${terms.today}::date)::timestamp), 'YYYY-MM') as month,
      sum(amount - paid_amount)::text as open,
      sum((amount - paid_amount) * booked_rate)::text as "bookedValue"
    from desk_invoices
    where user_id = ${terms.userId}::uuid and status in ('open', 'partly_paid') and currency <> ${terms.homeCurrency}::text
    group by currency, direction, 3, date_trunc('month', greatest(due_date, ${terms.today}::date)::timestamp)`;

export const invoiceSumsStatement = (args: InvoiceSumsArgs): Statement => ({
  name: 'desk_exposure_invoice_sums',
  text: invoiceSumsSql({ userId: '$1', today: '$2', bucketStarts: '$3', homeCurrency: '$4' }),
  values: [args.userId, args.today, args.bucketStarts, args.homeCurrency],
});

/** A currency's spot in home units and its interest terms (percent a year, day-count basis). */
export interface CurrencyTerms {
  currency: CurrencyCode;
  spot: string;
  rate: string;
  basis: number;
}

export interface ForwardSumsArgs {
  userId: string;
  today: CalendarDay;
  bucketStarts: BucketStarts;
  home: { rate: string; basis: number };
  /** Every currency whose forwards are valued; forwards in any other currency are left out. */
  currencies: CurrencyTerms[];
}

/**
 * Live forwards per currency, side and bucket: Σ N, Σ N·F₀, and their value today. Forwards are
 * first grouped by maturity date, because F_t and the discount depend on it alone:
 *   T = max(0, maturity − today), g = 1 + r_H·T/B_H,
 *   F_t = S × (1 + r_H·T/B_H) / (1 + r_C·T/B_C), rounded half to even to 10 significant digits,
 *   value = Σ (N·F₀ − F_t·N) / g (a sell's mark-to-market; a buy's is its negative),
 *   delta = Σ F_t·N / g (the hedge's sensitivity to spot).
 * Written with whole-number factors (100·B per percent rate) so each group has one division for F_t
 * and one per sum, each to 40 decimal places; rounding half to even is spelled out (round() in SQL
 * rounds half away from zero).
 */
export const forwardSumsSql = (terms: SumsTerms & { homeRate: string; homeBasis: string; currencies: string }) =>
  `with terms as (
      select * from json_to_recordset(${terms.currencies}::json) as t(currency text, spot numeric, rate numeric, basis integer)
    ), by_date as (
      select currency, side, width_bucket(maturity_date, ${terms.bucketStarts}::date[]) as bucket,
        greatest(maturity_date - ${terms.today}::date, 0) as days_left,
        sum(amount - delivered_amount) as notional,
        sum((amount - delivered_amount) * forward_rate) as booked_value
      from desk_forwards
      where user_id = ${terms.userId}::uuid and status = 'live'
      group by currency, side, maturity_date
    ), quoted as materialized (
      select d.currency, d.side, d.bucket, d.notional, d.booked_value,
        100 * ${terms.homeBasis}::integer + ${terms.homeRate}::numeric * d.days_left as home_growth,
        round(t.spot * (100 * ${terms.homeBasis}::integer + ${terms.homeRate}::numeric * d.days_left) * t.basis, 40)
          / ((100 * t.basis + t.rate * d.days_left) * ${terms.homeBasis}::integer) as exact_rate
      from by_date d join terms t on t.currency = d.currency
    ), guessed as materialized (
      select q.*, floor(log(q.exact_rate::float8))::integer as guess from quoted q
    ), placed as materialized (
      select g.*, g.guess + case when g.exact_rate >= ('1e' || (g.guess + 1))::numeric then 1
          when g.exact_rate < ('1e' || g.guess)::numeric then -1 else 0 end as exponent
      from guessed g
    ), shifted as materialized (
      select p.*, p.exact_rate * ('1e' || (9 - p.exponent))::numeric as digits from placed p
    ), rated as materialized (
      select s.*, (case when s.digits - trunc(s.digits) = 0.5 and mod(trunc(s.digits), 2) = 0 then trunc(s.digits)
          else round(s.digits) end) * ('1e' || (s.exponent - 9))::numeric as current_rate
      from shifted s
    )
    select currency, side, bucket, sum(notional)::text as notional, sum(booked_value)::text as "bookedValue",
      sum(round((booked_value - current_rate * notional) * 100 * ${terms.homeBasis}::integer, 40) / home_growth)::text as value,
      sum(round(current_rate * notional * 100 * ${terms.homeBasis}::integer, 40) / home_growth)::text as delta
    from rated
    group by currency, side, bucket`;

export const forwardSumsStatement = (args: ForwardSumsArgs): Statement => ({
  name: 'desk_exposure_forward_sums',
  text: forwardSumsSql({
    userId: '$1',
    today: '$2',
    bucketStarts: '$3',
    homeRate: '$4',
    homeBasis: '$5',
    currencies: '$6',
  }),
  values: [
    args.userId,
    args.today,
    args.bucketStarts,
    args.home.rate,
    args.home.basis,
    JSON.stringify(args.currencies),
  ],
});

export interface InvoiceSums {
  currency: CurrencyCode;
  direction: InvoiceDirection;
  /** The bucket's index, 0 for the first. */
  bucket: number;
  /** YYYY-MM of the due date, or of today for an overdue invoice. */
  month: string;
  open: string;
  bookedValue: string;
}

export interface ForwardSums {
  currency: CurrencyCode;
  side: ForwardSide;
  bucket: number;
  notional: string;
  bookedValue: string;
  /** Σ (N·F₀ − F_t·N) / g: the mark-to-market of a sell, the negative of a buy's. */
  value: string;
  /** Σ F_t·N / g. */
  delta: string;
}
