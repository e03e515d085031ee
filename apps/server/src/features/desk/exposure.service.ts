import {
  BUCKET_KEYS,
  BUCKET_MONTHS,
  CURRENCY_CODES,
  DESK_LIMITS,
  type BucketKey,
  type CurrencyCode,
  type CurrencyExposure,
  type Exposure,
} from '@tp/shared';
import type { Deps } from '../../deps';
import type { AccessClaims } from '../../plugins/auth/access-token';
import { amount, Exact, ZERO, type Amount } from '../trading';
import { addMonths, type CalendarDay } from './calendar-dates';
import type { DeskContext } from './desk-context';
import { moneyText, rateText } from './desk-math';
import { readExposureContext, readExposureSums, type ExposurePolicy, type ExposureSums } from './exposure-reads';
import type { ForwardSums, ForwardSumsArgs, InvoiceSums, InvoiceSumsArgs } from './exposure.repository';
import { spotsNow } from './invoices.service';
import { DEFAULT_POLICY } from './policy.service';

/**
 * The hedge view (docs/desk.md#6-the-hedge-view): the ladder per currency and bucket, blended rates, the open
 * invoices' revaluation beside the forwards' mark-to-market, and spot scenarios. The database sums
 * the invoices per currency, direction, bucket and month, and values the forwards per maturity date
 * (F_t and the discount depend on nothing else) before summing them per currency, side and bucket
 * (exposure.repository.ts): every figure here is built from a few dozen exact sums.
 */

/** Each bucket's first date after it, from today: the boundaries bucketIn compares with. */
export const bucketBoundaries = (today: CalendarDay): CalendarDay[] =>
  BUCKET_KEYS.map((key) => addMonths(today, BUCKET_MONTHS[key].to));

/** The bucket a due or maturity date falls in: overdue in the first, beyond the last boundary in the last. */
export function bucketIn(boundaries: CalendarDay[], date: CalendarDay): BucketKey {
  const index = boundaries.findIndex((boundary) => date < boundary);
  return BUCKET_KEYS[index === -1 ? BUCKET_KEYS.length - 1 : index]!;
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

/** A currency's ladder, revaluation and forwards from the database's sums (signed by direction and side). */
export function booksOf(spot: Amount, invoices: InvoiceSums[], forwards: ForwardSums[]): CurrencyBooks {
  const books: CurrencyBooks = {
    cells: new Map(BUCKET_KEYS.map((key) => [key, emptyCell()])),
    revaluationBase: ZERO,
    sell: { notional: ZERO, value: ZERO },
    buy: { notional: ZERO, value: ZERO },
    markToMarket: ZERO,
    forwardDelta: ZERO,
    net: ZERO,
  };
  for (const row of invoices) {
    const cell = books.cells.get(BUCKET_KEYS[row.bucket]!)!;
    const sign = row.direction === 'receivable' ? 1 : -1;
    if (sign === 1) cell.receivable = cell.receivable.plus(row.open);
    else cell.payable = cell.payable.plus(row.open);
    books.net = books.net.plus(amount(row.open).mul(sign));
    // Σ open × (S − booked), signed: S × Σ open − Σ open × booked
    books.revaluationBase = books.revaluationBase.plus(spot.mul(row.open).minus(row.bookedValue).mul(sign));
  }
  for (const row of forwards) {
    const sign = row.side === 'sell' ? 1 : -1;
    const cell = books.cells.get(BUCKET_KEYS[row.bucket]!)!;
    cell.hedged = cell.hedged.plus(amount(row.notional).mul(sign));
    const side = row.side === 'sell' ? books.sell : books.buy;
    side.notional = side.notional.plus(row.notional);
    side.value = side.value.plus(row.bookedValue);
    // a sell is worth Σ N (F₀ − F_t) / g with a delta of Σ N F_t / g; a buy the opposite
    books.markToMarket = books.markToMarket.plus(amount(row.value).mul(sign));
    books.forwardDelta = books.forwardDelta.plus(amount(row.delta).mul(sign));
  }
  return books;
}

/** Today's spot of every foreign currency, and the arguments of the hedge view's two reads. */
export async function exposureSumsArgs(deps: Deps, context: DeskContext) {
  const foreign = CURRENCY_CODES.filter((code) => code !== context.homeCurrency);
  const spots = await spotsNow(deps, context, foreign);
  const bucketStarts = bucketBoundaries(context.today).slice(0, -1);
  const home = context.table[context.homeCurrency];
  const { userId, today } = context;
  const invoiceArgs: InvoiceSumsArgs = { userId, homeCurrency: context.homeCurrency, today, bucketStarts };
  const forwardArgs: ForwardSumsArgs = {
    userId,
    today,
    bucketStarts,
    home: { rate: home.interestRate, basis: home.dayCountBasis },
    currencies: foreign.map((currency) => ({
      currency,
      spot: spots.get(currency)!.toFixed(),
      rate: context.table[currency].interestRate,
      basis: context.table[currency].dayCountBasis,
    })),
  };
  return { spots, invoiceArgs, forwardArgs };
}

/** The books of each foreign currency the user has open invoices or live forwards in (sorted by code). */
export function exposureBooks(spots: Map<CurrencyCode, Amount>, invoices: InvoiceSums[], forwards: ForwardSums[]) {
  const currencies = [...new Set([...invoices, ...forwards].map((row) => row.currency))].sort();
  const books = new Map(
    currencies.map((currency) => [
      currency,
      booksOf(
        spots.get(currency)!,
        invoices.filter((row) => row.currency === currency),
        forwards.filter((row) => row.currency === currency),
      ),
    ]),
  );
  return { currencies, books };
}

/** The books of the context's user, read in one statement (the "next due" lists with them). */
export async function readExposureBooks(deps: Deps, context: DeskContext) {
  const { spots, invoiceArgs, forwardArgs } = await exposureSumsArgs(deps, context);
  const sums = await readExposureSums(deps.connection, invoiceArgs, forwardArgs);
  return { spots, sums, ...exposureBooks(spots, sums.invoices, sums.forwards) };
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

/** The five nearest of the open invoices and live forwards, by date. */
function nextDue({ nextInvoices, nextForwards }: ExposureSums) {
  const items = [
    ...nextInvoices.map((row) => ({
      kind: 'invoice' as const,
      id: row.id,
      date: row.due,
      currency: row.currency,
      amount: moneyText(amount(row.open), row.currency),
      label: `${row.reference} · ${row.counterparty}`,
    })),
    ...nextForwards.map((row) => ({
      kind: 'forward' as const,
      id: row.id,
      date: row.due,
      currency: row.currency,
      amount: moneyText(amount(row.open), row.currency),
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

/** The hedge view of the session's user: two statements, the first proving the session live. */
export async function getExposure(deps: Deps, claims: AccessClaims): Promise<Exposure> {
  const { context, policy: saved } = await readExposureContext(deps, claims);
  const policy: ExposurePolicy = saved ?? DEFAULT_POLICY;
  const { spots, sums, currencies, books: booksByCurrency } = await readExposureBooks(deps, context);
  const { invoices } = sums;
  const next = nextDue(sums);
  const home = context.homeCurrency;
  let netHome = ZERO;
  let hedgedHome = ZERO;
  let revaluation = ZERO;
  let markToMarket = ZERO;
  const scenarioTotals = SHOCKS.map((shock) => ({ shock, unhedged: ZERO, hedged: ZERO }));
  const exposures = currencies.map((currency) => {
    const spot = spots.get(currency)!;
    const books = booksByCurrency.get(currency)!;
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
    monthly: monthlyOf(context, invoices, spots),
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
