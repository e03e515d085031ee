import { and, eq, gte, sql } from 'drizzle-orm';
import { Decimal } from 'decimal.js';
import {
  TRADING_MESSAGES,
  type Portfolio,
  type Position,
  type positionBatchRequestSchema,
  type positionBatchResponseSchema,
} from '@tp/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { AppError, notFound, validationFailed } from '../../plugins/errors';
import { findInstrument, formatPrice, type InstrumentSpec } from '../market';
import { lockBooks } from './books.repository';
import { activeAccount } from './accounts.service';
import { averageCost, marketValue, type PositionBook } from './accounting';
import { amount, formatDecimal, formatUsd, fromScaled, sumOf, ZERO, type Amount } from './money';
import { AccountWork, feeSchedule } from './order-engine';
import { eachItem } from './batch';
import { checkPrice } from './order-rules';
import { readPortfolioRows, type DayFlowTexts, type PortfolioPosition, type PortfolioRows } from './portfolio-reads';
import type { AccessClaims } from '../../plugins/auth/access-token';
import { fills, orders, paperAccounts, positions } from './trading.tables';

/** The portfolio at live prices, positions with P&L and the day's change, and their protective levels. */

/** Price now and at the UTC day's first second, per unit of price. */
interface Mark {
  price: Amount;
  open: Amount;
}

const DAY_MS = 86_400_000;
/** The day's first second (UTC) of the instant `now`. */
const dayStartOf = (now: number) => new Date(Math.floor(now / DAY_MS) * DAY_MS);

async function marksOf(deps: Deps, symbols: Iterable<string>, now: number): Promise<Map<string, Mark>> {
  const dayStart = dayStartOf(now);
  const marks = new Map<string, Mark>();
  for (const symbol of new Set(symbols)) {
    const spec = findInstrument(symbol);
    if (!spec) continue;
    const [first] = (await deps.market.snapshots(symbol, dayStart, dayStart)) ?? [];
    const [last] = (await deps.market.snapshots(symbol, new Date(now), new Date(now))) ?? [];
    if (!first || !last) continue;
    marks.set(symbol, {
      price: fromScaled(last.price, spec.tick.scale),
      open: fromScaled(first.price, spec.tick.scale),
    });
  }
  return marks;
}

/** What the account did in a symbol today: quantity bought and sold, cash paid and received (charges included). */
interface DayFlows {
  bought: Amount;
  sold: Amount;
  paid: Amount;
  received: Amount;
}
const NO_FLOWS: DayFlows = { bought: ZERO, sold: ZERO, paid: ZERO, received: ZERO };

async function flowsToday(deps: Deps, accountId: string, now: number): Promise<Map<string, DayFlows>> {
  const rows = await deps.db
    .select({
      symbol: fills.symbol,
      side: fills.side,
      quantity: sql<string>`sum(${fills.quantity})`,
      gross: sql<string>`sum(${fills.grossAmount})`,
      charges: sql<string>`sum(${fills.commission} + ${fills.slippage})`,
    })
    .from(fills)
    .where(and(eq(fills.accountId, accountId), gte(fills.filledAt, dayStartOf(now))))
    .groupBy(fills.symbol, fills.side);
  const flows = new Map<string, DayFlows>();
  for (const row of rows) {
    const current = flows.get(row.symbol) ?? NO_FLOWS;
    flows.set(
      row.symbol,
      row.side === 'buy'
        ? { ...current, bought: amount(row.quantity), paid: amount(row.gross).plus(row.charges) }
        : { ...current, sold: amount(row.quantity), received: amount(row.gross).minus(row.charges) },
    );
  }
  return flows;
}

/** What the holding of a symbol was worth at the day's open: today's trades undone, at the open's price. */
function valueAtOpenOf(lot: Amount, quantity: Amount, mark: Mark, flows: DayFlows): Amount {
  return quantity.minus(flows.bought).plus(flows.sold).times(lot).times(mark.open);
}

/** P&L of a symbol today: what the holding is worth now, less what it was worth at the open, less net cash put in. */
function dayChangeOf(valueNow: Amount, valueAtOpen: Amount, flows: DayFlows): Amount {
  return valueNow.minus(valueAtOpen).minus(flows.paid).plus(flows.received);
}

// a lot size depends on the instrument alone: parsed once per symbol, not per position and answer
const lots = new Map<string, Amount>();
function lotOf(spec: InstrumentSpec): Amount {
  let lot = lots.get(spec.symbol);
  if (!lot) lots.set(spec.symbol, (lot = amount(spec.info.lotSize)));
  return lot;
}

const bookOf = (row: PortfolioPosition): PositionBook => ({
  quantity: amount(row.quantity),
  costBasis: amount(row.costBasis),
  realizedPnl: amount(row.realizedPnl),
});
const percent = (part: Amount, whole: Amount) =>
  whole.greaterThan(0) ? part.div(whole).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN).toNumber() : 0;
const iso = (date: Date) => date.toISOString();

/** A position valued at its mark (none: at zero, with no day change), each figure computed once. */
interface ValuedPosition {
  row: PortfolioPosition;
  spec: InstrumentSpec;
  book: PositionBook;
  lot: Amount;
  mark: Mark | undefined;
  price: Amount;
  marketValue: Amount;
  unrealized: Amount;
  /** ZERO without a mark. */
  valueAtOpen: Amount;
  dayChange: Amount;
}

function valued(row: PortfolioPosition, mark: Mark | undefined, flows: DayFlows): ValuedPosition {
  const spec = findInstrument(row.symbol)!;
  const book = bookOf(row);
  const lot = lotOf(spec);
  const price = mark?.price ?? ZERO;
  const value = marketValue(book, lot, price);
  const valueAtOpen = mark ? valueAtOpenOf(lot, book.quantity, mark, flows) : ZERO;
  return {
    row,
    spec,
    book,
    lot,
    mark,
    price,
    marketValue: value,
    unrealized: value.minus(book.costBasis),
    valueAtOpen,
    dayChange: mark ? dayChangeOf(value, valueAtOpen, flows) : ZERO,
  };
}

function positionView(position: ValuedPosition, reservedQuantity: Amount): Position {
  const { row, spec, book, lot } = position;
  const stepScale = spec.step.scale;
  return {
    id: row.id,
    symbol: row.symbol,
    quantity: book.quantity.toFixed(stepScale),
    reservedQuantity: reservedQuantity.toFixed(stepScale),
    avgCost: formatDecimal(averageCost(book, lot), spec.tick.scale),
    costBasis: formatUsd(book.costBasis),
    marketPrice: formatDecimal(position.price, spec.tick.scale),
    marketValue: formatUsd(position.marketValue),
    unrealizedPnl: formatUsd(position.unrealized),
    unrealizedPnlPercent: percent(position.unrealized, book.costBasis),
    realizedPnl: formatUsd(book.realizedPnl),
    dayChange: formatUsd(position.dayChange),
    stopLoss: row.stopLoss === null ? null : formatDecimal(amount(row.stopLoss), spec.tick.scale),
    takeProfit: row.takeProfit === null ? null : formatDecimal(amount(row.takeProfit), spec.tick.scale),
    openedAt: iso(row.openedAt),
    updatedAt: iso(row.updatedAt),
  };
}

async function reservedOf(deps: Deps, accountId: string) {
  const rows = await deps.db
    .select({
      symbol: orders.symbol,
      side: orders.side,
      cash: sql<string>`sum(${orders.reservedCash})`,
      quantity: sql<string>`sum(${orders.quantity} - ${orders.filledQuantity})`,
    })
    .from(orders)
    .where(and(eq(orders.accountId, accountId), eq(orders.status, 'pending')))
    .groupBy(orders.symbol, orders.side);
  const quantities = new Map<string, Amount>();
  for (const row of rows) if (row.side === 'sell') quantities.set(row.symbol, amount(row.quantity));
  return { cash: sumOf(rows.map((row) => amount(row.cash))), quantities };
}

const flowsOf = (today: DayFlowTexts): DayFlows => ({
  bought: amount(today.bought),
  sold: amount(today.sold),
  paid: amount(today.paid),
  received: amount(today.received),
});

/**
 * The user's portfolio, the active account opened first when there is none. With the request's
 * `session` (a route with `sessionInStatement`) the read proves it live.
 */
async function readPortfolio(
  deps: Deps,
  userId: string,
  now: number,
  session: AccessClaims | null,
): Promise<PortfolioRows> {
  const args = { userId, dayStart: dayStartOf(now) };
  const read = await readPortfolioRows(deps.connection, { ...args, session });
  if (read) return read;
  await activeAccount(deps, userId);
  return (await readPortfolioRows(deps.connection, args))!;
}

export async function getPortfolio(deps: Deps, session: AccessClaims): Promise<Portfolio> {
  const now = deps.market.now();
  const read = await readPortfolio(deps, session.userId, now, session);
  const { account } = read;
  const rows = read.positions.map((position) => position.row);
  const flows = new Map(
    read.positions.filter(({ today }) => today.fills > 0).map(({ row, today }) => [row.symbol, flowsOf(today)]),
  );
  const reservedQuantities = new Map(
    read.positions.map(({ row, reservedQuantity }) => [row.symbol, amount(reservedQuantity)]),
  );
  const open = rows.filter((row) => !amount(row.quantity).isZero());
  const marks = await marksOf(deps, [...open.map((row) => row.symbol), ...flows.keys()], now);
  const cash = amount(account.cashBalance);
  const held = open.map((row) => valued(row, marks.get(row.symbol), flows.get(row.symbol) ?? NO_FLOWS));

  let holdings = ZERO;
  let holdingsAtOpen = ZERO;
  let unrealized = ZERO;
  let dayChange = ZERO;
  for (const position of held) {
    if (!position.mark) continue;
    holdings = holdings.plus(position.marketValue);
    unrealized = unrealized.plus(position.unrealized);
    dayChange = dayChange.plus(position.dayChange);
    holdingsAtOpen = holdingsAtOpen.plus(position.valueAtOpen);
  }
  // symbols traded today and no longer held: their day change is the net cash of the day's trades
  const heldSymbols = new Set(open.map((row) => row.symbol));
  for (const [symbol, flow] of flows) {
    const spec = findInstrument(symbol);
    const mark = marks.get(symbol);
    if (heldSymbols.has(symbol) || !spec || !mark) continue;
    const valueAtOpen = valueAtOpenOf(lotOf(spec), ZERO, mark, flow);
    dayChange = dayChange.plus(dayChangeOf(ZERO, valueAtOpen, flow));
    holdingsAtOpen = holdingsAtOpen.plus(valueAtOpen);
  }
  // the equity the day started from (money paid in today counts as there from the start)
  const base = cash.minus(read.tradingToday).plus(holdingsAtOpen);

  return {
    totalValue: formatUsd(cash.plus(holdings)),
    cashBalance: formatUsd(cash),
    dayChange: formatUsd(dayChange),
    dayChangePercent: percent(dayChange, base),
    positions: held.map((position) => positionView(position, reservedQuantities.get(position.row.symbol) ?? ZERO)),
    accountId: account.id,
    currency: 'USD',
    reservedCash: formatUsd(amount(read.reservedCash)),
    openingCash: formatUsd(amount(account.openingCash)),
    realizedPnl: formatUsd(sumOf(rows.map((row) => amount(row.realizedPnl)))),
    unrealizedPnl: formatUsd(unrealized),
    charges: chargesOf(deps.config.trading),
  };
}

/** The configured charges as the contract writes them ("1.00", "0.0005"). */
function chargesOf(config: Deps['config']['trading']): Portfolio['charges'] {
  const fees = feeSchedule(config);
  return {
    commissionPerOrder: formatUsd(fees.commissionPerOrder),
    commissionRate: fees.commissionRate.toFixed(),
    slippageRate: fees.slippageRate.toFixed(),
  };
}

/** A position of any of the user's accounts (a closed account's too), open or flat. */
export async function getPosition(deps: Deps, userId: string, positionId: string): Promise<Position> {
  const [found] = await deps.db
    .select({ position: positions, account: paperAccounts })
    .from(positions)
    .innerJoin(paperAccounts, eq(paperAccounts.id, positions.accountId))
    .where(and(eq(positions.id, positionId), eq(paperAccounts.userId, userId)));
  if (!found) throw notFound(TRADING_MESSAGES.positionNotFound);
  const now = deps.market.now();
  const [marks, flows, reserved] = await Promise.all([
    marksOf(deps, [found.position.symbol], now),
    flowsToday(deps, found.account.id, now),
    reservedOf(deps, found.account.id),
  ]);
  const { symbol } = found.position;
  return positionView(
    valued(found.position, marks.get(symbol), flows.get(symbol) ?? NO_FLOWS),
    reserved.quantities.get(symbol) ?? ZERO,
  );
}

type PositionBatchResults = z.output<typeof positionBatchResponseSchema>['data']['results'];
type PositionUpdate = z.output<typeof positionBatchRequestSchema>['updates'][number];

/** One level: unchanged (undefined), cleared (null), or a price on the instrument's grid. */
function levelOf(spec: InstrumentSpec, field: string, text: string | null | undefined, current: string | null) {
  if (text === undefined) return current;
  if (text === null) return null;
  const checked = checkPrice(spec, text);
  if (!checked.ok) throw validationFailed([{ field, message: checked.rejection.message }], checked.rejection.message);
  return formatPrice(spec, checked.value);
}

async function updateOne(deps: Deps, userId: string, update: PositionUpdate, index: number): Promise<Position> {
  const account = await activeAccount(deps, userId);
  let symbol = update.symbol;
  if (update.positionId) {
    const [row] = await deps.db
      .select({ symbol: positions.symbol })
      .from(positions)
      .where(and(eq(positions.id, update.positionId), eq(positions.accountId, account.id)));
    if (!row) throw notFound(TRADING_MESSAGES.positionNotFound);
    symbol = row.symbol;
  }
  const spec = findInstrument(symbol!);
  if (!spec) throw notFound(TRADING_MESSAGES.positionNotFound);
  const now = deps.market.now();
  const [snapshot] = (await deps.market.snapshots(spec.symbol, new Date(now), new Date(now))) ?? [];
  const price = fromScaled(snapshot!.price, spec.tick.scale);
  const priceText = formatPrice(spec, snapshot!.price);

  await deps.db.transaction(async (tx) => {
    const locked = await lockBooks(tx, { accountId: account.id, symbol: spec.symbol });
    if (!locked || locked.position.book.quantity.isZero()) {
      throw new AppError(422, TRADING_MESSAGES.noOpenPosition(spec.symbol), 'NO_OPEN_POSITION');
    }
    const field = (name: string) => `updates.${index}.${name}`;
    const stopLoss = levelOf(spec, field('stopLoss'), update.stopLoss, locked.position.stopLoss);
    const takeProfit = levelOf(spec, field('takeProfit'), update.takeProfit, locked.position.takeProfit);
    if (update.stopLoss && stopLoss !== null && !amount(stopLoss).lessThan(price)) {
      const message = TRADING_MESSAGES.stopLossNotBelow(priceText);
      throw validationFailed([{ field: field('stopLoss'), message }], message);
    }
    if (update.takeProfit && takeProfit !== null && !amount(takeProfit).greaterThan(price)) {
      const message = TRADING_MESSAGES.takeProfitNotAbove(priceText);
      throw validationFailed([{ field: field('takeProfit'), message }], message);
    }
    const work = new AccountWork(spec, locked.account, locked.position, feeSchedule(deps.config.trading));
    // compared with the market from the next second on
    work.setLevels(stopLoss, takeProfit, Math.floor(now / 1_000));
    await work.flush(tx, now);
  });
  const [row] = await deps.db
    .select({ id: positions.id })
    .from(positions)
    .where(and(eq(positions.accountId, account.id), eq(positions.symbol, spec.symbol)));
  return getPosition(deps, userId, row!.id);
}

/** Stop-loss and take-profit levels, each update on its own (the matching job places the closing order when one is crossed). */
export async function updatePositionLevels(
  deps: Deps,
  userId: string,
  updates: readonly PositionUpdate[],
): Promise<PositionBatchResults> {
  return eachItem(updates, async (update, index) => ({ position: await updateOne(deps, userId, update, index) }));
}
