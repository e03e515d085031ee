import { Decimal } from 'decimal.js';

/**
 * Exact decimal arithmetic for cash, prices and quantities (docs/trading.md#4-accounting). Cash moves in whole
 * cents, rounded half to even once, where an amount is booked; everything before that is exact.
 */
export const Exact = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN, toExpNeg: -40, toExpPos: 40 });
export type Amount = Decimal;

export const ZERO: Amount = new Exact(0);
export const USD_SCALE = 2;
/** Scale of stored average prices and per-unit costs. */
export const PRICE_SCALE = 10;

export const amount = (value: Decimal.Value): Amount => new Exact(value);

/** An integer count of 10^-scale as an exact decimal: (58025, 4) → 5.8025. */
export const fromScaled = (units: number, scale: number): Amount => new Exact(`${units}e-${scale}`);

/** Rounded to whole cents, half to even: what a ledger row holds. */
export const toCents = (value: Amount): Amount => value.toDecimalPlaces(USD_SCALE, Decimal.ROUND_HALF_EVEN);

/** "1234.50": cents, always two decimals. */
export const formatUsd = (value: Amount): string => toCents(value).toFixed(USD_SCALE);

export function sumOf(values: Iterable<Amount>): Amount {
  let total = ZERO;
  for (const value of values) total = total.plus(value);
  return total;
}

/** A price-like decimal with at least `minScale` and at most PRICE_SCALE decimals, for answers. */
export function formatDecimal(value: Amount, minScale = 0): string {
  const rounded = value.toDecimalPlaces(PRICE_SCALE, Decimal.ROUND_HALF_EVEN);
  return rounded.toFixed(Math.max(minScale, rounded.decimalPlaces()));
}
