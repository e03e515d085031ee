import { TRADING_LIMITS, type Performance, type Risk } from '@tp/shared';
import { marketValue, unrealizedPnl, type PositionBook } from './accounting';
import {
  annualisedVolatility,
  dailyTimes,
  equityCurve,
  feesPaid,
  largestPosition,
  maxDrawdown,
  periodReturns,
  periodStarts,
  sampleTimes,
  sharpeRatio,
  timeWeightedReturn,
  valueAtRisk95,
  winRate,
  type History,
} from './performance';
import { amount, formatUsd, sumOf, type Amount } from './money';

/** The performance and risk answers (GET /api/analytics/performance and /risk) assembled from an account's history. */

export interface AccountHistory extends History {
  /** When the account opened (its opening row), ms. */
  opened: number;
  /** Current positions, flat ones included for their realized P&L. */
  books: ReadonlyArray<{ symbol: string; book: PositionBook }>;
  /** Realized P&L of each sale, for the win rate. */
  realizedBySale: readonly Amount[];
}

const iso = (ms: number) => new Date(ms).toISOString();
/** A fraction as a percentage with two decimals. */
const percent = (fraction: number | null) => (fraction === null ? null : Math.round(fraction * 10_000) / 100);
const twoDecimals = (x: number | null) => (x === null ? null : Math.round(x * 100) / 100);

export function performanceReport(
  account: AccountHistory,
  now: number,
  range: { start?: number; end?: number } = {},
): Performance {
  const end = Math.min(range.end ?? now, now);
  const start = Math.min(Math.max(range.start ?? account.opened, account.opened), end);
  // from just before the opening, so the opening deposit is money paid in, not a gain
  const since = (from: number) => timeWeightedReturn(account, Math.max(from, account.opened - 1), now);
  const periods = periodStarts(now);
  const wins = winRate(account.realizedBySale);
  const price = (symbol: string) => account.priceAt(symbol, now);
  return {
    start: iso(start),
    end: iso(end),
    equityCurve: equityCurve(account, sampleTimes(start, end, TRADING_LIMITS.maxEquityCurvePoints)).map((point) => ({
      time: iso(point.at),
      equity: formatUsd(point.equity),
    })),
    returns: {
      today: percent(since(periods.today)),
      week: percent(since(periods.week)),
      month: percent(since(periods.month)),
      ytd: percent(since(periods.ytd)),
      all: percent(since(account.opened - 1)),
    },
    realizedPnl: formatUsd(sumOf(account.books.map(({ book }) => book.realizedPnl))),
    unrealizedPnl: formatUsd(
      sumOf(account.books.map(({ symbol, book }) => unrealizedPnl(book, account.lotSize(symbol), price(symbol)))),
    ),
    fees: formatUsd(feesPaid(account.cash)),
    closedTrades: wins.closed,
    wins: wins.wins,
    losses: wins.losses,
    winRate: percent(wins.rate),
  };
}

/** `dailyReturns`: recent daily returns of each held instrument's price, for the value at risk. */
export function riskReport(
  account: AccountHistory,
  now: number,
  dailyReturns: ReadonlyMap<string, readonly number[]>,
): Risk {
  const daily = periodReturns(equityCurve(account, dailyTimes(account.opened, now)));
  const exposures = account.books
    .filter(({ book }) => !book.quantity.isZero())
    .map(({ symbol, book }) => ({
      symbol,
      value: marketValue(book, account.lotSize(symbol), account.priceAt(symbol, now)).toNumber(),
    }));
  const [current] = equityCurve(account, [now]);
  const total = current!.equity.toNumber();
  const valueAtRisk = valueAtRisk95(exposures, dailyReturns);
  const largest = largestPosition(exposures, total);
  return {
    asOf: iso(now),
    observations: daily.length,
    volatilityPercent: percent(annualisedVolatility(daily)),
    maxDrawdownPercent: daily.length === 0 ? null : percent(maxDrawdown(daily)),
    sharpeRatio: twoDecimals(sharpeRatio(daily)),
    valueAtRisk95: formatUsd(amount(valueAtRisk.toFixed(2))),
    valueAtRisk95Percent: total > 0 ? percent(valueAtRisk / total) : null,
    largestPosition: largest && { symbol: largest.symbol, weightPercent: percent(largest.weight)! },
  };
}
