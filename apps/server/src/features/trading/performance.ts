import type { LedgerKind } from './accounting';
import { sumOf, ZERO, type Amount } from './money';

/**
 * Performance and risk figures of a paper account (docs/trading.md, "Performance and risk": each formula).
 * Pure: the account's dated cash rows and holding changes and a price lookup in; numbers out.
 * Money stays exact up to the equity values; ratios are computed in floating point.
 */

export interface CashEvent {
  at: number;
  kind: LedgerKind;
  amount: Amount;
}
export interface HoldingEvent {
  at: number;
  symbol: string;
  /** Signed change in shares or lots. */
  quantity: Amount;
}
/** Price per unit of an instrument at an instant (ms). */
export type PriceAt = (symbol: string, at: number) => Amount;

export interface EquityPoint {
  at: number;
  equity: Amount;
  /** Money paid in from outside (opening, deposits) after the previous point, up to this one. */
  flow: Amount;
}

export interface History {
  cash: readonly CashEvent[];
  holdings: readonly HoldingEvent[];
  lotSize: (symbol: string) => Amount;
  priceAt: PriceAt;
}

const DAY_MS = 86_400_000;
export const DAYS_PER_YEAR = 365;
/** One-sided 95 % quantile of the standard normal. */
export const Z_95 = 1.6448536269514722;

const isExternal = (kind: LedgerKind) => kind === 'opening' || kind === 'deposit';
const byTime = <T extends { at: number }>(events: readonly T[]) => [...events].sort((a, b) => a.at - b.at);

/** Equity (cash + Σ quantity × lot size × price) at each of `times` (ascending): events at or before a time count. */
export function equityCurve(history: History, times: readonly number[]): EquityPoint[] {
  const cash = byTime(history.cash);
  const holdings = byTime(history.holdings);
  const held = new Map<string, Amount>();
  let balance = ZERO;
  let c = 0;
  let h = 0;
  return times.map((at) => {
    let flow = ZERO;
    for (; c < cash.length && cash[c]!.at <= at; c++) {
      balance = balance.plus(cash[c]!.amount);
      if (isExternal(cash[c]!.kind)) flow = flow.plus(cash[c]!.amount);
    }
    for (; h < holdings.length && holdings[h]!.at <= at; h++) {
      const { symbol, quantity } = holdings[h]!;
      held.set(symbol, (held.get(symbol) ?? ZERO).plus(quantity));
    }
    let equity = balance;
    for (const [symbol, quantity] of held) {
      if (!quantity.isZero())
        equity = equity.plus(quantity.times(history.lotSize(symbol)).times(history.priceAt(symbol, at)));
    }
    return { at, equity, flow };
  });
}

/** Return of each sub-period, money paid in counted at its start: r = E_i / (E_{i-1} + F_i) − 1. */
export function periodReturns(points: readonly EquityPoint[]): number[] {
  const returns: number[] = [];
  for (let i = 1; i < points.length; i++) {
    const base = points[i - 1]!.equity.plus(points[i]!.flow);
    if (base.greaterThan(0)) returns.push(points[i]!.equity.div(base).toNumber() - 1);
  }
  return returns;
}

/** Time-weighted return over [from, to] as a fraction, or null without a funded sub-period. */
export function timeWeightedReturn(history: History, from: number, to: number): number | null {
  // a point just before and at each deposit, so no sub-period straddles money paid in
  const flows = history.cash.filter((e) => isExternal(e.kind) && e.at > from && e.at < to).map((e) => e.at);
  const times = [...new Set([from, ...flows.flatMap((at) => [at - 1, at]), to])].sort((a, b) => a - b);
  const returns = periodReturns(equityCurve(history, times));
  return returns.length === 0 ? null : returns.reduce((growth, r) => growth * (1 + r), 1) - 1;
}

/** Start of today, this ISO week (Monday), this month and this year, UTC. */
export function periodStarts(now: number): { today: number; week: number; month: number; ytd: number } {
  const date = new Date(now);
  const today = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return {
    today,
    week: today - ((date.getUTCDay() + 6) % 7) * DAY_MS,
    month: Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1),
    ytd: Date.UTC(date.getUTCFullYear(), 0, 1),
  };
}

/** The account opening, each UTC midnight after it, and now. */
export function dailyTimes(opened: number, now: number): number[] {
  const times = [opened];
  for (let day = Math.floor(opened / DAY_MS + 1) * DAY_MS; day < now; day += DAY_MS) times.push(day);
  if (now > opened) times.push(now);
  return times;
}

const SAMPLE_STEPS_MS = [60_000, 300_000, 900_000, 3_600_000, DAY_MS, 7 * DAY_MS];

/** Instants for an equity chart over [from, to]: the finest aligned step giving at most `maxPoints`. */
export function sampleTimes(from: number, to: number, maxPoints: number): number[] {
  const step = SAMPLE_STEPS_MS.find((ms) => Math.ceil((to - from) / ms) + 1 <= maxPoints) ?? SAMPLE_STEPS_MS.at(-1)!;
  const times = [from];
  for (let at = Math.floor(from / step + 1) * step; at < to && times.length < maxPoints - 1; at += step) times.push(at);
  if (to > from) times.push(to);
  return times;
}

export function mean(xs: readonly number[]): number {
  return xs.reduce((sum, x) => sum + x, 0) / xs.length;
}

/** Sample standard deviation (n − 1). */
export function standardDeviation(xs: readonly number[]): number {
  const m = mean(xs);
  return Math.sqrt(xs.reduce((sum, x) => sum + (x - m) ** 2, 0) / (xs.length - 1));
}

/** Annualised volatility of daily returns: s × √365, as a fraction; null below two returns. */
export function annualisedVolatility(daily: readonly number[]): number | null {
  return daily.length < 2 ? null : standardDeviation(daily) * Math.sqrt(DAYS_PER_YEAR);
}

/** Sharpe ratio: (mean daily return − rf/365) / s × √365; null below two returns or without variation. */
export function sharpeRatio(daily: readonly number[], riskFreeRate = 0): number | null {
  if (daily.length < 2) return null;
  const s = standardDeviation(daily);
  return s === 0 ? null : ((mean(daily) - riskFreeRate / DAYS_PER_YEAR) / s) * Math.sqrt(DAYS_PER_YEAR);
}

/** Largest fall from a peak of the wealth index W_i = Π(1 + r), as a fraction (0 when it never fell). */
export function maxDrawdown(returns: readonly number[]): number {
  let wealth = 1;
  let peak = 1;
  let worst = 0;
  for (const r of returns) {
    wealth *= 1 + r;
    peak = Math.max(peak, wealth);
    worst = Math.max(worst, (peak - wealth) / peak);
  }
  return worst;
}

export interface Exposure {
  symbol: string;
  /** Market value, USD. */
  value: number;
}

/**
 * One-day 95 % value at risk, delta-normal: z₉₅ · √(vᵀ Σ v), with v the positions' values and Σ the
 * sample covariance of their instruments' daily returns (the most recent common days).
 */
export function valueAtRisk95(
  exposures: readonly Exposure[],
  dailyReturns: ReadonlyMap<string, readonly number[]>,
): number {
  const held = exposures.filter((e) => e.value !== 0);
  const series = held.map((e) => dailyReturns.get(e.symbol) ?? []);
  const n = Math.min(...series.map((s) => s.length));
  if (held.length === 0 || n < 2) return 0;
  const recent = series.map((s) => s.slice(s.length - n));
  const means = recent.map(mean);
  let variance = 0;
  for (let i = 0; i < held.length; i++) {
    for (let j = 0; j < held.length; j++) {
      let covariance = 0;
      for (let k = 0; k < n; k++) covariance += (recent[i]![k]! - means[i]!) * (recent[j]![k]! - means[j]!);
      variance += held[i]!.value * held[j]!.value * (covariance / (n - 1));
    }
  }
  return Z_95 * Math.sqrt(Math.max(0, variance));
}

/** The largest position's share of the account's total value, as a fraction. */
export function largestPosition(
  exposures: readonly Exposure[],
  totalValue: number,
): { symbol: string; weight: number } | null {
  const largest = [...exposures].sort((a, b) => Math.abs(b.value) - Math.abs(a.value))[0];
  if (!largest || largest.value === 0 || totalValue <= 0) return null;
  return { symbol: largest.symbol, weight: Math.abs(largest.value) / totalValue };
}

/** Closed trades are the sales; a win realized more than nothing, a loss less. */
export function winRate(realizedBySale: readonly Amount[]): {
  closed: number;
  wins: number;
  losses: number;
  rate: number | null;
} {
  const wins = realizedBySale.filter((pnl) => pnl.greaterThan(0)).length;
  const losses = realizedBySale.filter((pnl) => pnl.lessThan(0)).length;
  const closed = realizedBySale.length;
  return { closed, wins, losses, rate: closed === 0 ? null : wins / closed };
}

/** Commission and slippage paid, as a positive amount. */
export const feesPaid = (cash: readonly CashEvent[]): Amount =>
  ZERO.minus(sumOf(cash.filter((e) => e.kind === 'commission' || e.kind === 'slippage').map((e) => e.amount)));
