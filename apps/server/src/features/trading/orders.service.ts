import { and, eq } from 'drizzle-orm';
import {
  orderRequestSchema,
  TRADING_MESSAGES,
  type BatchItemResult,
  type ParsedAmendOrderRequest,
  type ParsedOrderRequest,
  type RejectCode,
  type Order,
} from '@tp/shared';
import type { Connection, DbExecutor } from '../../db/client';
import type { Deps } from '../../deps';
import type { AccessClaims } from '../../plugins/auth';
import { markSessionSeen } from '../../plugins/auth/session-in-statement';
import { AppError, conflict, fromZodError, invalidField, notFound } from '../../plugins/errors';
import { idempotencyKeyReused, requestHash } from '../../plugins/idempotency';
import { activityEvent, localDay } from '../activity';
import { findInstrument, type InstrumentSpec, type MarketSnapshot } from '../market';
import { lockBooks, lockOrOpenBooks, readBooks, type Books } from './books.repository';
import { writeBooks, type WriteGuard } from './book-writes.repository';
import { forget, recall, remember } from './books-memory';
import { eachItem } from './batch';
import { catchUp, providerSnapshots } from './catch-up';
import { runOrder, type FeeSchedule } from './fill-rules';
import { ZERO, amount } from './money';
import { AccountWork, feeSchedule } from './order-engine';
import { newOrderRow, reservationFor, workingOrderOf } from './order-rows';
import { amendWorkingOrder, newWorkingOrder, type WorkingOrder } from './order-rules';
import { toOrder, type OrderRow } from './order-view';
import { orders } from './trading.tables';

/** Placing, amending, cancelling and reading one order (docs/trading.md, "The service"). */

export interface Placed {
  order: Order;
  /** The Idempotency-Key had already placed this order: it is answered again, not placed again. */
  replayed: boolean;
}

/** numeric(20, 8) holds 12 integer digits, numeric(24, 10) holds 14: a value past that is refused, not stored rounded. */
function requireStorable(field: string, text: string | undefined, integerDigits: number, fractionDigits: number) {
  if (text === undefined) return;
  const [whole = '', fraction = ''] = text.split('.');
  if (whole.replace(/^0+/, '').length > integerDigits || fraction.replace(/0+$/, '').length > fractionDigits) {
    throw invalidField(field, TRADING_MESSAGES.tooLarge(field));
  }
}

const MARKET_UNAVAILABLE = 'Market data is unavailable. Please try again later.';
const usesLimit = (request: ParsedOrderRequest) => request.type === 'limit' || request.type === 'stop_limit';
const usesStop = (request: ParsedOrderRequest) => request.type === 'stop' || request.type === 'stop_limit';

/** What every write path of one order request shares: the request as checked and the market at its second. */
interface Placement {
  deps: Deps;
  userId: string;
  request: ParsedOrderRequest;
  idempotencyKey: string | null;
  hash: string | null;
  checked: ReturnType<typeof newWorkingOrder>;
  snapshot: MarketSnapshot | undefined;
  fees: FeeSchedule;
  now: number;
  openingSecond: number;
}

type WriteResult = { applied: boolean; sessionStale: boolean };

/** An order recorded against the account as read (or remembered): the answer, its write, and the books after it. */
interface Recorded {
  result: OrderRow;
  write: (target: Connection | DbExecutor, guard?: WriteGuard | null) => Promise<WriteResult>;
  after: () => Pick<Books, 'account' | 'position'>;
}

/**
 * `session`: the request's claims when its route proves the session in its first statement
 * (decision 0027) — the books read does, before anything is decided or written.
 */
export async function placeOrder(
  deps: Deps,
  userId: string,
  request: ParsedOrderRequest,
  idempotencyKey: string | null = null,
  session: AccessClaims | null = null,
): Promise<Placed> {
  requireStorable('quantity', request.quantity, 12, 8);
  requireStorable('price', request.price, 14, 10);
  requireStorable('stopPrice', request.stopPrice, 14, 10);
  const now = deps.market.now();
  const checked = newWorkingOrder(request, now);
  const placement: Placement = {
    deps,
    userId,
    request,
    idempotencyKey,
    hash: idempotencyKey ? requestHash(request) : null,
    checked,
    // the market at this second is computed before the lock is taken, so the lock is held only for the books
    snapshot: checked.ok ? (await deps.market.snapshots(request.symbol, new Date(now), new Date(now)))?.[0] : undefined,
    fees: feeSchedule(deps.config.trading),
    now,
    openingSecond: Math.floor(now / 1_000) * 1_000,
  };
  const onRemembered = session && !idempotencyKey ? await placeOnRememberedBooks(placement, session) : null;
  if (onRemembered) return onRemembered;
  return (await placeOnReadBooks(placement, session)) ?? placeUnderLock(placement);
}

/** The order's row as placed, before the rules or the market decide its status. */
function placedRow({ userId, request, idempotencyKey, hash, openingSecond, now }: Placement, books: Books): OrderRow {
  return newOrderRow({
    accountId: books.account.id,
    userId,
    symbol: request.symbol,
    side: request.side,
    type: request.type,
    timeInForce: request.timeInForce,
    quantity: request.quantity,
    limitPrice: usesLimit(request) ? (request.price ?? null) : null,
    stopPrice: usesStop(request) ? (request.stopPrice ?? null) : null,
    source: 'user',
    idempotencyKey,
    requestHash: hash,
    activeFrom: new Date(openingSecond),
    expiresAt: null,
    at: new Date(now),
  });
}

/** The order recorded against the books: rejected by its rules, or accepted and run against the market. */
function recordOrder(placement: Placement, books: Books): Recorded {
  const row = placedRow(placement, books);
  const { checked } = placement;
  if (!checked.ok) return recordRejection(books, row, checked.rejection);
  if (!placement.snapshot) throw new AppError(503, MARKET_UNAVAILABLE, 'MARKET_UNAVAILABLE');
  return recordAccepted(placement, books, row, checked.value, placement.snapshot);
}

/** An order its rules reject (symbol, lot, tick): stored as rejected, no money moves. */
function recordRejection(books: Books, row: OrderRow, rejection: { code: RejectCode; message: string }): Recorded {
  const result: OrderRow = { ...row, status: 'rejected', rejectCode: rejection.code, rejectReason: rejection.message };
  return {
    result,
    write: (target, guard = null) => writeOrderOnly(target, books, result, guard),
    after: () => ({ account: { ...books.account, version: books.account.version + 1 }, position: books.position }),
  };
}

/**
 * An order the rules accept: refused when the account cannot hold it, else filled at this second's
 * market as far as it goes and resting for the rest.
 */
function recordAccepted(
  { userId, fees, now }: Placement,
  books: Books,
  row: OrderRow,
  { spec, order }: { spec: InstrumentSpec; order: WorkingOrder },
  snapshot: MarketSnapshot,
): Recorded {
  const work = new AccountWork(spec, books.account, books.position, fees);
  const placed = { ...row, expiresAt: order.expiresAt === null ? null : new Date(order.expiresAt * 1_000) };
  // a resting buy must be able to hold its cost, a sell its quantity, before anything fills
  const refusal = work.refusal(order, ZERO, ZERO, reservationFor(spec, order, fees));
  let result: OrderRow;
  if (refusal) {
    result = work.insert(placed, refusal);
  } else {
    work.insert(placed);
    result = work.settle(placed, order, runOrder(spec, order, [snapshot]), false);
  }
  // an accepted order is also the user's `trade_placed` activity (decision 0020), written in the
  // same statement, so the event exists exactly when the order does; a refused one is not
  const activity =
    result.status === 'rejected'
      ? null
      : activityEvent(
          { userId, kind: 'trade_placed', key: `order:${result.id}`, occurredAt: new Date(now) },
          books.activity,
        );
  return {
    result,
    write: (target, guard = null) => work.flushGuarded(target, now, activity, guard),
    after: () => work.booksAfter(),
  };
}

/** What the next order of this user in this symbol may start from (decision 0029). */
function rememberAfter({ deps, userId, request }: Placement, recorded: Recorded, books: Books) {
  remember(deps.connection, userId, request.symbol, { ...recorded.after(), timeZone: books.activity.timeZone });
}

/** The order an Idempotency-Key already placed, answered again; the same key with another request is refused. */
async function replayPlaced({ hash }: Placement, db: DbExecutor, found: NonNullable<Books['replay']>): Promise<Placed> {
  if (found.requestHash !== hash) throw idempotencyKeyReused();
  const [row] = await db.select().from(orders).where(eq(orders.id, found.orderId));
  return { order: toOrder(row!), replayed: true };
}

/**
 * The books this instance last wrote, when a read could only confirm them: one statement, which
 * writes only if the account, the session and the user's zone and days are as remembered.
 */
async function placeOnRememberedBooks(placement: Placement, session: AccessClaims): Promise<Placed | null> {
  const { deps, userId, request, now } = placement;
  const remembered = recall(deps.connection, userId, request.symbol);
  if (!remembered || remembered.position.stopLoss !== null || remembered.position.takeProfit !== null) return null;
  const books: Books = {
    account: remembered.account,
    position: remembered.position,
    replay: null,
    activity: { timeZone: remembered.timeZone, latest: null },
  };
  const recorded = recordOrder(placement, books);
  const written = await recorded.write(deps.connection, {
    sessionId: session.sessionId,
    userId,
    timeZone: books.activity.timeZone,
    day: localDay(new Date(now), remembered.timeZone),
  });
  if (!written.applied) {
    forget(deps.connection, userId, request.symbol);
    return null;
  }
  if (written.sessionStale) await markSessionSeen(deps.connection, session.sessionId);
  rememberAfter(placement, recorded, books);
  return { order: toOrder(recorded.result), replayed: false };
}

/** Without a lock: one read, then one statement that writes only if nothing else wrote in between. */
async function placeOnReadBooks(placement: Placement, session: AccessClaims | null): Promise<Placed | null> {
  const { deps, userId, request, idempotencyKey } = placement;
  const read = await readBooks(deps.connection, { userId, symbol: request.symbol, idempotencyKey, session });
  if (read?.replay) return replayPlaced(placement, deps.db, read.replay);
  if (!read) return null;
  const recorded = recordOrder(placement, read);
  if (!(await recorded.write(deps.connection)).applied) return null;
  rememberAfter(placement, recorded, read);
  return { order: toOrder(recorded.result), replayed: false };
}

/** A first order, or another write came first: under the account's row lock. */
async function placeUnderLock(placement: Placement): Promise<Placed> {
  const { deps, userId, request, idempotencyKey, openingSecond } = placement;
  const placed = await deps.db.transaction(async (tx) => {
    const locked = await lockOrOpenBooks(tx, {
      symbol: request.symbol,
      idempotencyKey,
      opening: { userId, cash: deps.config.trading.openingCash, atMs: openingSecond },
    });
    if (locked.replay) return replayPlaced(placement, tx, locked.replay);
    const recorded = recordOrder(placement, locked);
    await recorded.write(tx);
    return { recorded, locked };
  });
  if ('order' in placed) return placed;
  // remembered only once committed
  rememberAfter(placement, placed.recorded, placed.locked);
  return { order: toOrder(placed.recorded.result), replayed: false };
}

/** A refused order stored on its own: no money moves (the account's version still turns, like every write). */
function writeOrderOnly(
  target: Connection | DbExecutor,
  books: Books,
  row: OrderRow,
  guard: WriteGuard | null,
): Promise<WriteResult> {
  return writeBooks(target, {
    guard,
    account: { id: books.account.id, version: books.account.version, cash: books.account.cash.toFixed(2) },
    inserted: [row],
    updated: [],
    fills: [],
    ledger: [],
    position: null,
  });
}

/** Each order of a batch on its own, in the order sent: a bad one fails alone, with the answer a single call would give. */
export async function placeBatch(
  deps: Deps,
  userId: string,
  items: readonly unknown[],
  idempotencyKey: string | null,
): Promise<BatchItemResult[]> {
  return eachItem(items, async (item, index) => {
    const parsed = orderRequestSchema.safeParse(item);
    if (!parsed.success) throw fromZodError(parsed.error);
    const key = idempotencyKey ? `${idempotencyKey}#${index}` : null;
    return { trade: (await placeOrder(deps, userId, parsed.data, key)).order };
  });
}

async function findOwnOrder(db: DbExecutor, userId: string, orderId: string): Promise<OrderRow> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw notFound(TRADING_MESSAGES.orderNotFound);
  return row;
}

export async function getOrder(deps: Deps, userId: string, orderId: string): Promise<Order> {
  return toOrder(await findOwnOrder(deps.db, userId, orderId));
}

type Outcome = { order: Order } | { error: AppError };

/**
 * Runs `change` on a pending order of the user, under its account's lock, after bringing the
 * order up to the second before now: if the market filled (or expired) it first, that is kept
 * and the change is refused with a 409 — a fill that happened is never undone.
 */
async function changePendingOrder(
  deps: Deps,
  userId: string,
  orderId: string,
  change: (work: AccountWork, row: OrderRow, now: number) => Promise<OrderRow>,
): Promise<Order> {
  const owned = await findOwnOrder(deps.db, userId, orderId);
  const spec = findInstrument(owned.symbol);
  if (owned.status !== 'pending' || !spec) throw conflict(TRADING_MESSAGES.notPending);
  const { market } = deps;
  const now = market.now();
  const outcome = await deps.db.transaction(async (tx): Promise<Outcome> => {
    const locked = await lockBooks(tx, { accountId: owned.accountId, symbol: owned.symbol });
    const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!locked || !row || row.status !== 'pending') return { error: conflict(TRADING_MESSAGES.notPending) };
    const work = new AccountWork(spec, locked.account, locked.position, feeSchedule(deps.config.trading));
    const current = await catchUp(work, spec, row, Math.floor(now / 1_000) - 1, providerSnapshots(market, spec.symbol));
    if (current.status !== 'pending') {
      await work.flush(tx, now);
      return { error: conflict(TRADING_MESSAGES.notPending) };
    }
    try {
      const changed = await change(work, current, now);
      await work.flush(tx, now);
      return { order: toOrder(changed) };
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      // the change is refused, but what the market did before it stands
      await work.flush(tx, now);
      return { error };
    }
  });
  if ('error' in outcome) throw outcome.error;
  return outcome.order;
}

export function cancelOrder(deps: Deps, userId: string, orderId: string): Promise<Order> {
  return changePendingOrder(deps, userId, orderId, async (work, row, now) => work.cancel(row, now));
}

const AMEND_FIELD: Record<RejectCode, string> = {
  invalid_quantity: 'quantity',
  invalid_price: 'price',
  unknown_symbol: 'symbol',
  insufficient_cash: 'quantity',
  insufficient_position: 'quantity',
};

export function amendOrder(
  deps: Deps,
  userId: string,
  orderId: string,
  amend: ParsedAmendOrderRequest,
): Promise<Order> {
  requireStorable('quantity', amend.quantity, 12, 8);
  requireStorable('price', amend.price, 14, 10);
  requireStorable('stopPrice', amend.stopPrice, 14, 10);
  return changePendingOrder(deps, userId, orderId, async (work, row, now) => {
    const { spec } = work;
    const working = workingOrderOf(spec, row);
    const amended = amendWorkingOrder(spec, working, amend, now);
    if (!amended.ok) {
      const { code, message } = amended.rejection;
      let field = AMEND_FIELD[code];
      if (code === 'invalid_price') {
        const priceAlone =
          amend.price === undefined ? null : amendWorkingOrder(spec, working, { price: amend.price }, now);
        field = priceAlone && !priceAlone.ok ? 'price' : 'stopPrice';
      }
      throw invalidField(field, message);
    }
    const order = amended.value;
    const fees = feeSchedule(deps.config.trading);
    const ownRemaining = working.side === 'sell' ? amount(row.quantity).minus(row.filledQuantity) : ZERO;
    const refusal = work.refusal(order, amount(row.reservedCash), ownRemaining, reservationFor(spec, order, fees));
    if (refusal) throw new AppError(422, refusal.message, refusal.code.toUpperCase());
    const terms = work.amend(row, order, now);
    // live again from now, at its new terms: a limit moved through the market trades at once
    const snapshot = (await deps.market.snapshots(spec.symbol, new Date(now), new Date(now)))?.[0];
    if (!snapshot) return terms;
    return work.settle(terms, order, runOrder(spec, order, [snapshot]), true);
  });
}
