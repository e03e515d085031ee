import { and, asc, eq, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import {
  BUCKET_KEYS,
  BUCKET_MONTHS,
  DESK_LIMITS,
  type BucketKey,
  type CurrencyCode,
  type CurrencyExposure,
  type Exposure,
  type ForwardSide,
  type InvoiceDirection,
} from '@tp/shared';
import type { Deps } from '../../deps';
import { amount, Exact, ZERO, type Amount } from '../trading';
import { addMonths, dayCount, type CalendarDay } from './calendar-dates';
import { deskContext, type DeskContext } from './desk-context';
import { dailyRate, moneyText, ONE, rateText, roundRate } from './desk-math';
import { deskForwards, deskInvoices } from './desk.tables';
import { spotsNow } from './invoices.service';
import { rateTerms } from './market-rates';
import { getPolicy } from './policy.service';

/**
 * The hedge view (docs/desk.md#6-the-hedge-view): the ladder per currency and bucket, blended rates, the open
 * invoices' revaluation beside the forwards' mark-to-market, and spot scenarios. The database sums
 * per currency, direction (or side) and date; a forward's value depends on its maturity only through
 * F_t and the discount, so summing N and N × F₀ per maturity date is exact.
 */

export interface InvoiceSums {
  currency: CurrencyCode;
  direction: InvoiceDirection;
  bucket: BucketKey;
  /** YYYY-MM of the due date, or of today for an overdue invoice. */
  month: string;
  open: string;
  bookedValue: string;
}
export interface ForwardSums {
  currency: CurrencyCode;
  side: ForwardSide;
  date: CalendarDay;
  notional: string;
  bookedValue: string;
}

/** The SQL of a date's bucket, from the boundaries of today (the same rule as bucketOf). */
function bucketCase(today: CalendarDay, date: SQL) {
  const [first, second, third] = bucketBoundaries(today);
  return sql<BucketKey>`case when ${date} < ${first} then '0-3' when ${date} < ${second} then '3-6'
    when ${date} < ${third} then '6-12' else '12-24' end`;
}

export async function exposureSums(deps: Deps, context: DeskContext) {
  const open = sql<string>`sum(${deskInvoices.amount} - ${deskInvoices.paidAmount})`;
  const undelivered = sql<string>`sum(${deskForwards.amount} - ${deskForwards.deliveredAmount})`;
  const bucket = bucketCase(context.today, sql`${deskInvoices.dueDate}`);
  const month = sql<string>`to_char(greatest(${deskInvoices.dueDate}, ${context.today}::date), 'YYYY-MM')`;
  const [invoices, forwards] = await Promise.all([
    deps.db
      .select({
        currency: deskInvoices.currency,
        direction: deskInvoices.direction,
        bucket,
        month,
        open,
        bookedValue: sql<string>`sum((${deskInvoices.amount} - ${deskInvoices.paidAmount}) * ${deskInvoices.bookedRate})`,
      })
      .from(deskInvoices)
      .where(
        and(
          eq(deskInvoices.userId, context.userId),
          inArray(deskInvoices.status, ['open', 'partly_paid']),
          ne(deskInvoices.currency, context.homeCurrency),
        ),
      )
      .groupBy(deskInvoices.currency, deskInvoices.direction, sql`3`, sql`4`),
    deps.db
      .select({
        currency: deskForwards.currency,
        side: deskForwards.side,
        date: deskForwards.maturityDate,
        notional: undelivered,
        bookedValue: sql<string>`sum((${deskForwards.amount} - ${deskForwards.deliveredAmount}) * ${deskForwards.forwardRate})`,
      })
      .from(deskForwards)
      .where(and(eq(deskForwards.userId, context.userId), eq(deskForwards.status, 'live')))
      .groupBy(deskForwards.currency, deskForwards.side, deskForwards.maturityDate),
  ]);
  return { invoices: invoices as InvoiceSums[], forwards: forwards as ForwardSums[] };
}

/** Each bucket's first date after it, from today: the boundaries bucketIn compares with. */
export const bucketBoundaries = (today: CalendarDay): CalendarDay[] =>
  BUCKET_KEYS.map((key) => addMonths(today, BUCKET_MONTHS[key].to));

/** The bucket a due or maturity date falls in: overdue in the first, beyond the last boundary in the last. */
export function bucketIn(boundaries: CalendarDay[], date: CalendarDay): BucketKey {
  const index = boundaries.findIndex((boundary) => date < boundary);
  return BUCKET_KEYS[index === -1 ? BUCKET_KEYS.length - 1 : index]!;
}

/**
 * Today's forward rate and home discount for a maturity date, once per date of a currency (the
 * ladder values up to thousands of forwards; each date costs a handful of decimal operations).
 */
function forwardValuer(context: DeskContext, currency: CurrencyCode, spot: Amount) {
  const terms = rateTerms(context, currency);
  const home = dailyRate(terms.homeRate, terms.homeBasis);
  const foreign = dailyRate(terms.foreignRate, terms.foreignBasis);
  const byDate = new Map<CalendarDay, { current: Amount; inverseDiscount: Amount }>();
  return (date: CalendarDay) => {
    let known = byDate.get(date);
    if (!known) {
      const daysLeft = Math.max(0, dayCount(context.today, date));
      const homeGrowth = ONE.plus(home.mul(daysLeft));
      known = {
        // the same F_t as forwardRate(): S × (1 + r_H·T/B_H) / (1 + r_C·T/B_C) at 10 digits
        current: roundRate(spot.mul(homeGrowth).div(ONE.plus(foreign.mul(daysLeft)))),
        inverseDiscount: ONE.div(homeGrowth),
      };
      byDate.set(date, known);
    }
    return known;
  };
}

interface Cell {
  receivable: Amount;
  payable: Amount;
  hedged: Amount;
}
const emptyCell = (): Cell => ({ receivable: ZERO, payable: ZERO, hedged: ZERO });

interface CurrencyBooks {
  cells: Map<BucketKey, Cell>;
  revaluationBase: Amount;
  sell: { notional: Amount; value: Amount };
  buy: { notional: Amount; value: Amount };
  markToMarket: Amount;
  /** Σ of each forward group's F_t × N / (1 + r_H·T/B_H), signed by side: the hedge's sensitivity to spot. */
  forwardDelta: Amount;
  net: Amount;
}

const SHOCKS = DESK_LIMITS.scenarioShocks.map((shock) => new Exact(shock));

export function booksOf(context: DeskContext, currency: CurrencyCode, spot: Amount, sums: ReturnType<typeof sumsFor>) {
  const books: CurrencyBooks = {
    cells: new Map(BUCKET_KEYS.map((key) => [key, emptyCell()])),
    revaluationBase: ZERO,
    sell: { notional: ZERO, value: ZERO },
    buy: { notional: ZERO, value: ZERO },
    markToMarket: ZERO,
    forwardDelta: ZERO,
    net: ZERO,
  };
  for (const row of sums.invoices) {
    const cell = books.cells.get(row.bucket)!;
    const sign = row.direction === 'receivable' ? 1 : -1;
    if (sign === 1) cell.receivable = cell.receivable.plus(row.open);
    else cell.payable = cell.payable.plus(row.open);
    books.net = books.net.plus(amount(row.open).mul(sign));
    // Σ open × (S − booked), signed: S × Σ open − Σ open × booked
    books.revaluationBase = books.revaluationBase.plus(spot.mul(row.open).minus(row.bookedValue).mul(sign));
  }
  const valueAt = forwardValuer(context, currency, spot);
  const boundaries = bucketBoundaries(context.today);
  for (const row of sums.forwards) {
    const notional = amount(row.notional);
    const sell = row.side === 'sell';
    const cell = books.cells.get(bucketIn(boundaries, row.date))!;
    cell.hedged = sell ? cell.hedged.plus(notional) : cell.hedged.minus(notional);
    const side = sell ? books.sell : books.buy;
    side.notional = side.notional.plus(notional);
    side.value = side.value.plus(row.bookedValue);
    const { current, inverseDiscount } = valueAt(row.date);
    // sell: N (F₀ − F_t) / d and a delta of N F_t / d; a buy the opposite
    const atCurrent = current.mul(notional);
    const value = amount(row.bookedValue).minus(atCurrent).mul(inverseDiscount);
    const delta = atCurrent.mul(inverseDiscount);
    books.markToMarket = sell ? books.markToMarket.plus(value) : books.markToMarket.minus(value);
    books.forwardDelta = sell ? books.forwardDelta.plus(delta) : books.forwardDelta.minus(delta);
  }
  return books;
}

export function sumsFor(all: { invoices: InvoiceSums[]; forwards: ForwardSums[] }, currency: CurrencyCode) {
  return {
    invoices: all.invoices.filter((row) => row.currency === currency),
    forwards: all.forwards.filter((row) => row.currency === currency),
  };
}

const blended = (side: { notional: Amount; value: Amount }) =>
  side.notional.isZero() ? null : rateText(side.value.div(side.notional));

function currencyExposure(
  context: DeskContext,
  currency: CurrencyCode,
  spot: Amount,
  books: CurrencyBooks,
  policy: { targetRatios: Record<string, string>; budgetRates: Partial<Record<CurrencyCode, string>> },
): CurrencyExposure {
  const home = context.homeCurrency;
  const buckets = BUCKET_KEYS.map((key) => {
    const cell = books.cells.get(key)!;
    const net = cell.receivable.minus(cell.payable);
    return {
      bucket: key,
      receivable: moneyText(cell.receivable, currency),
      payable: moneyText(cell.payable, currency),
      net: moneyText(net, currency),
      hedged: moneyText(cell.hedged, currency),
      hedgeRatio: net.isZero() ? null : cell.hedged.div(net).toDecimalPlaces(4).toFixed(),
      targetRatio: policy.targetRatios[key] ?? '0',
      netHome: moneyText(net.mul(spot), home),
    };
  });
  return {
    currency,
    spot: rateText(spot),
    budgetRate: policy.budgetRates[currency] ?? null,
    blendedSellRate: blended(books.sell),
    blendedBuyRate: blended(books.buy),
    buckets,
    revaluation: moneyText(books.revaluationBase, home),
    forwardsMarkToMarket: moneyText(books.markToMarket, home),
    scenarios: scenariosOf(books, spot).map((scenario) => ({
      shock: scenario.shock.toFixed(2),
      unhedged: moneyText(scenario.unhedged, home),
      hedged: moneyText(scenario.hedged, home),
    })),
  };
}

/** Spot moved by k: the open invoices change by net × S × k; the forwards by −k × Σ ±N F_t / d. */
function scenariosOf(books: CurrencyBooks, spot: Amount) {
  return SHOCKS.map((shock) => {
    const unhedged = books.net.mul(spot).mul(shock);
    return { shock, unhedged, hedged: unhedged.minus(books.forwardDelta.mul(shock)) };
  });
}

async function nextDue(deps: Deps, context: DeskContext) {
  const [invoices, forwards] = await Promise.all([
    deps.db
      .select()
      .from(deskInvoices)
      .where(and(eq(deskInvoices.userId, context.userId), inArray(deskInvoices.status, ['open', 'partly_paid'])))
      .orderBy(asc(deskInvoices.dueDate))
      .limit(5),
    deps.db
      .select()
      .from(deskForwards)
      .where(
        and(
          eq(deskForwards.userId, context.userId),
          eq(deskForwards.status, 'live'),
          gte(deskForwards.maturityDate, context.today),
        ),
      )
      .orderBy(asc(deskForwards.maturityDate))
      .limit(5),
  ]);
  const items = [
    ...invoices.map((row) => ({
      kind: 'invoice' as const,
      id: row.id,
      date: row.dueDate,
      currency: row.currency,
      amount: moneyText(amount(row.amount).minus(row.paidAmount), row.currency),
      label: `${row.reference} · ${row.counterparty}`,
    })),
    ...forwards.map((row) => ({
      kind: 'forward' as const,
      id: row.id,
      date: row.maturityDate,
      currency: row.currency,
      amount: moneyText(amount(row.amount).minus(row.deliveredAmount), row.currency),
      label: `${row.side === 'sell' ? 'Sell' : 'Buy'} ${row.currency} forward`,
    })),
  ];
  return items.sort((a, b) => a.date.localeCompare(b.date)).slice(0, 5);
}

function monthlyOf(context: DeskContext, sums: InvoiceSums[], spots: Map<CurrencyCode, Amount>) {
  const byKey = new Map<string, { month: string; currency: CurrencyCode; net: Amount }>();
  for (const row of sums) {
    const key = `${row.month}|${row.currency}`;
    const entry = byKey.get(key) ?? { month: row.month, currency: row.currency, net: ZERO };
    entry.net = entry.net.plus(amount(row.open).mul(row.direction === 'receivable' ? 1 : -1));
    byKey.set(key, entry);
  }
  return [...byKey.values()]
    .sort((a, b) => a.month.localeCompare(b.month) || a.currency.localeCompare(b.currency))
    .map((entry) => ({
      month: entry.month,
      currency: entry.currency,
      net: moneyText(entry.net, entry.currency),
      netHome: moneyText(entry.net.mul(spots.get(entry.currency)!), context.homeCurrency),
    }));
}

export async function getExposure(deps: Deps, userId: string): Promise<Exposure> {
  const context = await deskContext(deps, userId);
  const [sums, policy, next] = await Promise.all([
    exposureSums(deps, context),
    getPolicy(deps.db, userId),
    nextDue(deps, context),
  ]);
  const currencies = [...new Set([...sums.invoices, ...sums.forwards].map((row) => row.currency))]
    .filter((code) => code !== context.homeCurrency)
    .sort();
  const spots = await spotsNow(deps, context, currencies);
  const home = context.homeCurrency;
  let netHome = ZERO;
  let hedgedHome = ZERO;
  let revaluation = ZERO;
  let markToMarket = ZERO;
  const scenarioTotals = SHOCKS.map((shock) => ({ shock, unhedged: ZERO, hedged: ZERO }));
  const exposures = currencies.map((currency) => {
    const spot = spots.get(currency)!;
    const books = booksOf(context, currency, spot, sumsFor(sums, currency));
    netHome = netHome.plus(books.net.mul(spot));
    const hedged = [...books.cells.values()].reduce((sum, cell) => sum.plus(cell.hedged), ZERO);
    hedgedHome = hedgedHome.plus(hedged.mul(spot));
    revaluation = revaluation.plus(books.revaluationBase);
    markToMarket = markToMarket.plus(books.markToMarket);
    scenariosOf(books, spot).forEach((scenario, index) => {
      scenarioTotals[index]!.unhedged = scenarioTotals[index]!.unhedged.plus(scenario.unhedged);
      scenarioTotals[index]!.hedged = scenarioTotals[index]!.hedged.plus(scenario.hedged);
    });
    return currencyExposure(context, currency, spot, books, policy);
  });
  return {
    homeCurrency: home,
    today: context.today,
    at: new Date(context.nowMs).toISOString(),
    currencies: exposures,
    monthly: monthlyOf(context, sums.invoices, spots),
    totals: {
      netHome: moneyText(netHome, home),
      hedgedHome: moneyText(hedgedHome, home),
      revaluation: moneyText(revaluation, home),
      forwardsMarkToMarket: moneyText(markToMarket, home),
      scenarios: scenarioTotals.map((scenario) => ({
        shock: scenario.shock.toFixed(2),
        unhedged: moneyText(scenario.unhedged, home),
        hedged: moneyText(scenario.hedged, home),
      })),
    },
    next,
  };
}
