import { orderQueryRange, type Performance, type Risk } from '@tp/shared';
import type { Deps } from '../../deps';
import type { AccessClaims } from '../../plugins/auth/access-token';
import { findInstrument } from '../market';
import { performanceReport, riskReport, type AccountHistory } from './performance-report';
import { amount, fromScaled, type Amount } from './money';
import { readHistoryOfSession, type HistoryRows } from './performance-reads';

/**
 * The performance and risk answers from the account's real ledger and fills, priced by the market
 * provider; the session's account and history come in one statement that proves the session live.
 * The report asks for prices at instants it chooses (chart steps, midnights, deposits); they are
 * collected in a first pass, fetched, then the report is computed again with them (which instants
 * it asks for does not depend on the prices).
 */

/** Daily closes behind the value at risk's covariance. */
const RISK_DAYS = 60;
const DAY_MS = 86_400_000;

type Unpriced = Omit<AccountHistory, 'priceAt'>;

function historyOf(rows: HistoryRows): Unpriced {
  return {
    opened: rows.opened,
    cash: rows.ledger.map((row) => ({ at: row.at, kind: row.kind, amount: amount(row.amount) })),
    holdings: rows.fills.map((row) => ({
      at: row.at,
      symbol: row.symbol,
      quantity: row.side === 'buy' ? amount(row.quantity) : amount(row.quantity).neg(),
    })),
    books: rows.positions.map((row) => ({
      symbol: row.symbol,
      book: { quantity: amount(row.quantity), costBasis: amount(row.costBasis), realizedPnl: amount(row.realizedPnl) },
    })),
    realizedBySale: rows.fills.filter((row) => row.side === 'sell').map((row) => amount(row.realizedPnl ?? '0')),
    lotSize: (symbol) => amount(findInstrument(symbol)?.info.lotSize ?? '1'),
  };
}

/** Runs `report` with prices at every instant it asks for, fetched from the provider in between. */
async function priced<T>(deps: Deps, history: Unpriced, report: (history: AccountHistory) => T): Promise<T> {
  const wanted = new Map<string, Set<number>>();
  report({
    ...history,
    priceAt: (symbol, at) => {
      let seconds = wanted.get(symbol);
      if (!seconds) wanted.set(symbol, (seconds = new Set()));
      seconds.add(Math.floor(at / 1_000));
      return amount(1);
    },
  });
  const prices = new Map<string, Amount>();
  for (const [symbol, seconds] of wanted) {
    const spec = findInstrument(symbol);
    if (!spec) continue;
    for (const second of seconds) {
      const at = new Date(second * 1_000);
      const [snapshot] = (await deps.market.snapshots(symbol, at, at)) ?? [];
      if (snapshot) prices.set(`${symbol}@${second}`, fromScaled(snapshot.price, spec.tick.scale));
    }
  }
  return report({
    ...history,
    priceAt: (symbol, at) => prices.get(`${symbol}@${Math.floor(at / 1_000)}`) ?? amount(0),
  });
}

export async function performanceOf(
  deps: Deps,
  claims: AccessClaims,
  query: { start?: string; end?: string },
): Promise<Performance> {
  const history = historyOf(await readHistoryOfSession(deps, claims));
  const now = deps.market.now();
  const { from, to } = orderQueryRange({ startDate: query.start, endDate: query.end });
  return priced(deps, history, (h) => performanceReport(h, now, { start: from?.getTime(), end: to?.getTime() }));
}

/** Close-to-close returns of each held instrument over the last RISK_DAYS days. */
async function dailyReturnsOf(deps: Deps, symbols: readonly string[], now: number) {
  const returns = new Map<string, number[]>();
  const end = new Date(Math.floor(now / DAY_MS) * DAY_MS);
  const start = new Date(end.getTime() - (RISK_DAYS + 1) * DAY_MS);
  for (const symbol of symbols) {
    const candles = (await deps.market.candles(symbol, '1d', start, end)) ?? [];
    const closes = candles.map((candle) => Number(candle.close));
    returns.set(
      symbol,
      closes.slice(1).map((close, i) => close / closes[i]! - 1),
    );
  }
  return returns;
}

export async function riskOf(deps: Deps, claims: AccessClaims): Promise<Risk> {
  const history = historyOf(await readHistoryOfSession(deps, claims));
  const now = deps.market.now();
  const held = history.books.filter(({ book }) => !book.quantity.isZero()).map(({ symbol }) => symbol);
  const daily = await dailyReturnsOf(deps, held, now);
  return priced(deps, history, (h) => riskReport(h, now, daily));
}
