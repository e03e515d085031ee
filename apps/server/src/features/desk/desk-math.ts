import { Decimal } from 'decimal.js';
import { CURRENCY_MINOR_UNITS, DESK_LIMITS, type CurrencyCode, type ForwardSide } from '@tp/shared';
import { Exact, type Amount } from '../trading';

/**
 * The desk's formulas (docs/desk.md, forward rates to the hedge view), exact: rates at 10 significant
 * digits and money at the
 * currency's minor units, each rounded half to even once, where the rule says.
 */

export const ONE: Amount = new Exact(1);

export const roundRate = (rate: Amount): Amount =>
  rate.toSignificantDigits(DESK_LIMITS.rateSignificantDigits, Decimal.ROUND_HALF_EVEN);

/** A rate as answer text: "1.089723259", "0.00003812345678". */
export const rateText = (rate: Amount): string => roundRate(rate).toFixed();

export const roundMoney = (value: Amount, currency: CurrencyCode): Amount =>
  value.toDecimalPlaces(CURRENCY_MINOR_UNITS[currency], Decimal.ROUND_HALF_EVEN);

/** Money as answer text with the currency's minor units: "106193.53", "-1461.75", "1500000" (JPY). */
export const moneyText = (value: Amount, currency: CurrencyCode): string => {
  const text = roundMoney(value, currency).toFixed(CURRENCY_MINOR_UNITS[currency]);
  return /^-0(\.0+)?$/.test(text) ? text.slice(1) : text;
};

/** A day's interest at `percent` a year on a `basis`-day year: r / B. */
export const dailyRate = (percent: string, basis: number): Amount => new Exact(percent).div(100).div(basis);

/** Interest for `days` at `percent` a year on a `basis`-day year, as a growth factor: 1 + r × T / B. */
export const accrual = (percent: string, basis: number, days: number): Amount =>
  ONE.plus(new Exact(percent).div(100).mul(days).div(basis));

export interface RateTerms {
  /** Home currency's percent a year and basis. */
  homeRate: string;
  homeBasis: number;
  /** The foreign currency's. */
  foreignRate: string;
  foreignBasis: number;
}

/** Covered interest parity: F = S × (1 + r_H·T/B_H) / (1 + r_C·T/B_C), at 10 significant digits. */
export function forwardRate(spot: Amount, days: number, terms: RateTerms): Amount {
  return roundRate(
    spot.mul(accrual(terms.homeRate, terms.homeBasis, days)).div(accrual(terms.foreignRate, terms.foreignBasis, days)),
  );
}

/** The rate a user gets after the configured margin: worse for them on either side. */
export function withMargin(rate: Amount, side: ForwardSide, marginBps: number): Amount {
  if (marginBps === 0) return rate;
  const margin = new Exact(marginBps).div(10_000);
  return roundRate(side === 'sell' ? rate.mul(ONE.minus(margin)) : rate.mul(ONE.plus(margin)));
}

/**
 * A forward's value now, home, before rounding: N × (F₀ − F_t) discounted at the home rate over the
 * days left (sign by side). At maturity (no days left, F_t the spot) it is N × (F₀ − S_T).
 */
export function markToMarket(input: {
  side: ForwardSide;
  notional: Amount;
  bookedRate: Amount;
  currentForwardRate: Amount;
  homeRate: string;
  homeBasis: number;
  daysLeft: number;
}): Amount {
  const difference =
    input.side === 'sell'
      ? input.bookedRate.minus(input.currentForwardRate)
      : input.currentForwardRate.minus(input.bookedRate);
  return input.notional.mul(difference).div(accrual(input.homeRate, input.homeBasis, Math.max(0, input.daysLeft)));
}

/** The cross spot: home units per unit of the currency, from both currencies' dollar prices. */
export const crossRate = (currencyInUsd: Amount, homeInUsd: Amount): Amount => roundRate(currencyInUsd.div(homeInUsd));
