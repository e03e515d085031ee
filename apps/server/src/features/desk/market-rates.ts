import { DESK_LIMITS, DESK_MESSAGES, type CurrencyCode, type ForwardSide } from '@tp/shared';
import type { Deps } from '../../deps';
import { invalidField } from '../../plugins/errors';
import { findInstrument } from '../market';
import { fromScaled, type Amount } from '../trading';
import { addMonths, dayCount, type CalendarDay } from './calendar-dates';
import { crossRate, forwardRate, ONE, withMargin, type RateTerms } from './desk-math';
import type { DeskContext } from './desk-context';

/**
 * Spot and forward rates for the desk (docs/desk.md#2-forward-rates-covered-interest-parity), from the
 * market provider's dollar price
 * of each currency (its `<CODE>USD` instrument) at one second.
 */

async function dollarPrice(deps: Deps, currency: CurrencyCode, atMs: number): Promise<Amount> {
  if (currency === 'USD') return ONE;
  const spec = findInstrument(`${currency}USD`);
  const at = new Date(Math.floor(atMs / 1_000) * 1_000);
  const [snapshot] = (spec && (await deps.market.snapshots(spec.symbol, at, at))) ?? [];
  if (!spec || !snapshot) throw new Error(`no dollar price for ${currency}`);
  return fromScaled(snapshot.price, spec.tick.scale);
}

/** Home units per unit of `currency` at the second `atMs`. */
export async function spotAt(deps: Deps, currency: CurrencyCode, home: CurrencyCode, atMs: number): Promise<Amount> {
  if (currency === home) return ONE;
  const [foreign, homeInUsd] = await Promise.all([dollarPrice(deps, currency, atMs), dollarPrice(deps, home, atMs)]);
  return crossRate(foreign, homeInUsd);
}

/**
 * The spot "on" a date: the close of that UTC day, or now for today
 * (docs/desk.md#1-home-currency-currencies-and-rates).
 */
export function spotOn(deps: Deps, context: DeskContext, currency: CurrencyCode, day: CalendarDay): Promise<Amount> {
  const dayEnd = Date.parse(`${day}T23:59:59Z`);
  return spotAt(deps, currency, context.homeCurrency, Math.min(dayEnd, context.nowMs));
}

export function rateTerms(context: DeskContext, currency: CurrencyCode): RateTerms {
  const home = context.table[context.homeCurrency];
  const foreign = context.table[currency];
  return {
    homeRate: home.interestRate,
    homeBasis: home.dayCountBasis,
    foreignRate: foreign.interestRate,
    foreignBasis: foreign.dayCountBasis,
  };
}

/** A maturity a forward may be booked or rolled to: 2 days to 24 months after today; else a 400 naming `field`. */
export function checkMaturity(context: DeskContext, maturity: CalendarDay, field = 'maturityDate'): number {
  const days = dayCount(context.today, maturity);
  if (days < DESK_LIMITS.minMaturityDays) throw invalidField(field, DESK_MESSAGES.maturityTooSoon);
  if (maturity > addMonths(context.today, DESK_LIMITS.maxMaturityMonths)) {
    throw invalidField(field, DESK_MESSAGES.maturityTooLate);
  }
  return days;
}

export interface ForwardQuote {
  spot: Amount;
  /** Without margin: the market's forward rate (what mark-to-market compares with). */
  marketRate: Amount;
  days: number;
}

/** The forward rate of `context`'s second for `currency` against home, maturing on `maturity` (any number of days ≥ 0). */
export async function forwardQuote(
  deps: Deps,
  context: DeskContext,
  currency: CurrencyCode,
  maturity: CalendarDay,
): Promise<ForwardQuote> {
  const spot = await spotAt(deps, currency, context.homeCurrency, context.nowMs);
  const days = Math.max(0, dayCount(context.today, maturity));
  return { spot, marketRate: forwardRate(spot, days, rateTerms(context, currency)), days };
}

/** The rate a user books at: the market's forward rate with the configured margin against them. */
export const dealtRate = (deps: Deps, quote: ForwardQuote, side: ForwardSide): Amount =>
  withMargin(quote.marketRate, side, deps.config.desk.forwardMarginBps);
