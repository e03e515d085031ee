import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { TRADING_MESSAGES, type RejectCode } from '@tp/shared';
import type { AppConfig } from '../../config';
import type { Connection, DbExecutor } from '../../db/client';
import { formatQuantity, formatPrice, type InstrumentSpec } from '../market';
import { postFill, type LedgerRow, type PositionBook, type Posting } from './accounting';
import { fillAmounts, type Fill, type FeeSchedule, type FillAmounts, type Run } from './fill-rules';
import type { AccountState, PositionState } from './books.repository';
import type { ActivityEvent } from '../activity';
import { writeBooks, type WriteGuard } from './book-writes.repository';
import { amount, formatDecimal, formatUsd, ZERO, type Amount } from './money';
import type { WorkingOrder } from './order-rules';
import type { cashLedger, fills, positions } from './trading.tables';
import type { OrderRow } from './order-view';
import { dateOf, quantityOf, reservationFor, withFill, withTerms, workingOrderOf } from './order-rows';

/**
 * Works one account's orders in one symbol under the account's row lock (docs/trading.md,
 * "The service"): books fills (cash, ledger, position), keeps reservations, and writes every
 * change in one statement at the end. Pure decisions come from fill-rules and accounting.
 *
 * Reservations: a pending buy holds its remainder's cost at its limit (a stop at its stop) with
 * charges, rounded up to the cent; a pending sell holds its unfilled quantity. New orders and
 * amendments can use only what nothing holds. A fill may spend its own order's reservation and
 * any unreserved cash, never cash held for the account's other orders.
 */

export function feeSchedule(config: AppConfig['trading']): FeeSchedule {
  return {
    commissionPerOrder: amount(config.commissionPerOrder),
    commissionRate: amount(config.commissionRate),
    slippageRate: amount(config.slippageRate),
  };
}

export interface Refusal {
  code: 'insufficient_cash' | 'insufficient_position';
  message: string;
}

type FillInsert = typeof fills.$inferInsert;
type LedgerInsert = typeof cashLedger.$inferInsert;

export class AccountWork {
  private readonly fillRows: FillInsert[] = [];
  private readonly ledgerRows: LedgerInsert[] = [];
  private readonly inserted = new Map<string, OrderRow>();
  private readonly updated = new Map<string, { row: OrderRow; version: number }>();
  private positionChanged = false;
  /** The position row the last flush wrote (null: none). */
  private writtenPosition: typeof positions.$inferSelect | null = null;

  constructor(
    readonly spec: InstrumentSpec,
    readonly account: AccountState,
    readonly position: PositionState,
    private readonly fees: FeeSchedule,
  ) {}

  /** Cash no pending order holds (may be a few cents below zero after partial fills rounded up). */
  get freeCash(): Amount {
    return this.account.cash.minus(this.account.reservedCash);
  }
  /** Quantity held that no pending sell holds. */
  get freeQuantity(): Amount {
    return this.position.book.quantity.minus(this.position.reservedQuantity);
  }

  /** Whether a new order (or an amendment taking `ownReserved` back) can hold `reservation` / sell `quantity`. */
  refusal(order: WorkingOrder, ownReserved: Amount, ownRemaining: Amount, needed: Amount): Refusal | null {
    if (order.side === 'buy') {
      const available = ownReserved.plus(Decimal.max(ZERO, this.freeCash));
      if (needed.lessThanOrEqualTo(available)) return null;
      return {
        code: 'insufficient_cash',
        message: TRADING_MESSAGES.insufficientCash(formatUsd(needed), formatUsd(available)),
      };
    }
    const selling = quantityOf(this.spec, order.quantity - order.filled);
    const available = this.freeQuantity.plus(ownRemaining);
    if (selling.lessThanOrEqualTo(available)) return null;
    return {
      code: 'insufficient_position',
      message: TRADING_MESSAGES.insufficientPosition(this.spec.symbol, available.toFixed(), selling.toFixed()),
    };
  }

  /** A new order row, stored as placed (pending) — or rejected, when `rejection` is given. */
  insert(row: OrderRow, rejection?: { code: RejectCode; message: string }): OrderRow {
    const stored: OrderRow = rejection
      ? { ...row, status: 'rejected', rejectCode: rejection.code, rejectReason: rejection.message }
      : row;
    this.inserted.set(stored.id, stored);
    return stored;
  }

  /**
   * Applies what the fill engine found for an order (fills, trigger, rest, expiry) over the
   * seconds it ran, and returns the order's new row. `counted` says whether the order's
   * reservation is part of the locked account's totals (a pending order already stored).
   */
  settle(before: OrderRow, working: WorkingOrder, run: Run, counted: boolean): OrderRow {
    const { spec } = this;
    const buy = working.side === 'buy';
    let row: OrderRow = { ...before };
    let filled = working.filled;
    let reserved = counted ? amount(before.reservedCash) : ZERO;
    let remaining = counted && !buy ? quantityOf(spec, working.quantity - working.filled) : ZERO;
    let status: OrderRow['status'] = 'pending';
    let eventSecond: number | null = null;
    let refusal: Refusal | null = null;

    for (const fill of run.fills) {
      const amounts = fillAmounts(spec, fill, this.fees, filled === 0);
      const value = amounts.notional.toDecimalPlaces(2, Decimal.ROUND_HALF_EVEN);
      const cost = value.plus(amounts.commission).plus(amounts.slippage);
      const posted = this.postOrRefuse(buy, fill, amounts, cost, reserved, remaining);
      if (!posted.ok) {
        refusal = posted.refusal;
        status = 'rejected';
        eventSecond = fill.second;
        break;
      }
      const at = this.recordFill(row.id, buy, fill, amounts, value, posted.posting);
      // the order's own hold shrinks by what it spent
      const used = Decimal.min(reserved, cost);
      reserved = reserved.minus(used);
      this.account.reservedCash = this.account.reservedCash.minus(used);
      this.movePosition(posted.posting.position, at);

      const previous = filled;
      filled += fill.quantity;
      row = withFill(spec, row, previous, filled, amounts);
      if (!buy && counted) remaining = remaining.minus(amounts.quantity);
      eventSecond = fill.second;
      if (filled >= working.quantity) status = 'filled';
    }

    if (status === 'pending' && run.expired) {
      status = 'expired';
      eventSecond = working.expiresAt;
    }

    const rest: WorkingOrder = { ...run.order, filled };
    const nowReserved = this.holdRest(status, working, rest, reserved, remaining);
    const settled: OrderRow = {
      ...withTerms(spec, row, rest),
      status,
      rejectCode: refusal?.code ?? before.rejectCode,
      rejectReason: refusal?.message ?? before.rejectReason,
      reservedCash: nowReserved.toFixed(2),
      checkedUntil: run.checkedUntil === null ? before.checkedUntil : dateOf(run.checkedUntil),
      updatedAt: eventSecond === null ? before.updatedAt : laterOf(before.updatedAt, dateOf(eventSecond)),
    };
    this.record(settled, before.version);
    return settled;
  }

  /**
   * A fill posted against the cash and the position, or the refusal that ends its order: a buy may
   * spend its own reservation and unreserved cash, a sell its own held quantity and what is free.
   */
  private postOrRefuse(
    buy: boolean,
    fill: Fill,
    amounts: FillAmounts,
    cost: Amount,
    reserved: Amount,
    remaining: Amount,
  ): { ok: true; posting: Extract<Posting, { ok: true }> } | { ok: false; refusal: Refusal } {
    const { spec } = this;
    if (buy) {
      const available = Decimal.min(this.account.cash, reserved.plus(Decimal.max(ZERO, this.freeCash)));
      if (cost.greaterThan(available)) {
        return {
          ok: false,
          refusal: {
            code: 'insufficient_cash',
            message: TRADING_MESSAGES.insufficientCash(formatUsd(cost), formatUsd(available)),
          },
        };
      }
    } else if (amounts.quantity.greaterThan(this.freeQuantity.plus(remaining))) {
      const available = this.freeQuantity.plus(remaining);
      return {
        ok: false,
        refusal: {
          code: 'insufficient_position',
          message: TRADING_MESSAGES.insufficientPosition(spec.symbol, available.toFixed(), amounts.quantity.toFixed()),
        },
      };
    }
    const posting = postFill(this.account.cash, this.position.book, {
      side: fill.side,
      quantity: amounts.quantity,
      notional: amounts.notional,
      commission: amounts.commission,
      slippage: amounts.slippage,
    });
    if (posting.ok) return { ok: true, posting };
    return {
      ok: false,
      refusal: {
        code: 'insufficient_cash',
        message: TRADING_MESSAGES.insufficientCash(formatUsd(cost), formatUsd(this.account.cash)),
      },
    };
  }

  /** The fill's row and its ledger rows, and the cash after it; returns when it happened. */
  private recordFill(
    orderId: string,
    buy: boolean,
    fill: Fill,
    amounts: FillAmounts,
    value: Amount,
    posting: Extract<Posting, { ok: true }>,
  ): Date {
    const { spec } = this;
    const fillId = randomUUID();
    const at = dateOf(fill.second);
    this.fillRows.push({
      id: fillId,
      orderId,
      accountId: this.account.id,
      symbol: spec.symbol,
      side: fill.side,
      quantity: amounts.quantity.toFixed(),
      price: formatDecimal(amounts.averagePrice),
      legs: fill.legs.map((leg) => ({
        price: formatPrice(spec, leg.price),
        quantity: formatQuantity(spec, leg.quantity),
      })),
      liquidity: fill.liquidity,
      grossAmount: value.toFixed(2),
      commission: amounts.commission.toFixed(2),
      slippage: amounts.slippage.toFixed(2),
      realizedPnl: buy ? null : posting.realizedPnl.toFixed(2),
      filledAt: at,
      createdAt: at,
    });
    for (const ledger of posting.rows) this.ledger(ledger, at, orderId, fillId);
    this.account.cash = posting.cash;
    return at;
  }

  /** What a still pending order holds from now on, in place of what it held (`reserved`, `remaining`). */
  private holdRest(
    status: OrderRow['status'],
    working: WorkingOrder,
    rest: WorkingOrder,
    reserved: Amount,
    remaining: Amount,
  ): Amount {
    const pending = status === 'pending';
    const nowReserved = pending ? reservationFor(this.spec, rest, this.fees) : ZERO;
    const nowRemaining =
      pending && working.side !== 'buy' ? quantityOf(this.spec, working.quantity - rest.filled) : ZERO;
    this.account.reservedCash = this.account.reservedCash.minus(reserved).plus(nowReserved);
    this.position.reservedQuantity = this.position.reservedQuantity.minus(remaining).plus(nowRemaining);
    return nowReserved;
  }

  /** A pending order ended by the user (or by a reset): its reservation goes back. */
  cancel(before: OrderRow, atMs: number): OrderRow {
    const working = workingOrderOf(this.spec, before);
    this.account.reservedCash = this.account.reservedCash.minus(before.reservedCash);
    if (working.side === 'sell') {
      this.position.reservedQuantity = this.position.reservedQuantity.minus(
        quantityOf(this.spec, working.quantity - working.filled),
      );
    }
    const cancelled: OrderRow = { ...before, status: 'cancelled', reservedCash: '0', updatedAt: new Date(atMs) };
    this.record(cancelled, before.version);
    return cancelled;
  }

  /** New terms for a pending order, live from `atMs`: its reservation follows them. */
  amend(before: OrderRow, order: WorkingOrder, atMs: number): OrderRow {
    const reserved = reservationFor(this.spec, order, this.fees);
    this.account.reservedCash = this.account.reservedCash.minus(before.reservedCash).plus(reserved);
    if (order.side === 'sell') {
      const old = workingOrderOf(this.spec, before);
      this.position.reservedQuantity = this.position.reservedQuantity
        .minus(quantityOf(this.spec, old.quantity - old.filled))
        .plus(quantityOf(this.spec, order.quantity - order.filled));
    }
    const amended: OrderRow = {
      ...withTerms(this.spec, before, order),
      reservedCash: reserved.toFixed(2),
      checkedUntil: dateOf(order.activeFrom - 1),
      updatedAt: new Date(atMs),
    };
    this.record(amended, before.version);
    return amended;
  }

  /** Stop-loss and take-profit levels of the position (null clears one), compared with the market after `second`. */
  setLevels(stopLoss: string | null, takeProfit: string | null, second: number): void {
    this.position.stopLoss = stopLoss;
    this.position.takeProfit = takeProfit;
    this.position.levelsCheckedUntil = dateOf(second);
    this.positionChanged = true;
  }

  private record(row: OrderRow, version: number) {
    if (this.inserted.has(row.id)) {
      this.inserted.set(row.id, row);
      return;
    }
    const earlier = this.updated.get(row.id);
    this.updated.set(row.id, { row, version: earlier?.version ?? version });
  }

  private ledger(row: LedgerRow, at: Date, orderId: string, fillId: string) {
    this.ledgerRows.push({
      accountId: this.account.id,
      kind: row.kind,
      amount: row.amount.toFixed(2),
      orderId,
      fillId,
      at,
    });
  }

  private movePosition(book: PositionBook, at: Date) {
    if (this.position.book.quantity.isZero() && !book.quantity.isZero()) this.position.openedAt = at;
    if (book.quantity.isZero()) {
      // a closed position has nothing left to protect
      this.position.stopLoss = null;
      this.position.takeProfit = null;
    }
    this.position.book = book;
    this.positionChanged = true;
  }

  /** The position as stored after this work (for answers). */
  positionRow(atMs: number): typeof positions.$inferSelect {
    return {
      id: this.position.id ?? (this.position.id = randomUUID()),
      accountId: this.account.id,
      symbol: this.spec.symbol,
      quantity: this.position.book.quantity.toFixed(),
      costBasis: this.position.book.costBasis.toFixed(2),
      realizedPnl: this.position.book.realizedPnl.toFixed(2),
      stopLoss: this.position.stopLoss,
      takeProfit: this.position.takeProfit,
      levelsCheckedUntil: this.position.levelsCheckedUntil,
      openedAt: this.position.openedAt ?? new Date(atMs),
      updatedAt: new Date(atMs),
    };
  }

  /**
   * Every change, in one statement, if the account is still at the version it was read at (always
   * so under its row lock). Returns whether it was written.
   */
  async flush(target: Connection | DbExecutor, atMs: number, activity: ActivityEvent | null = null): Promise<boolean> {
    return (await this.flushGuarded(target, atMs, activity, null)).applied;
  }

  /** flush, with the guard of books taken from memory (book-writes.repository.ts `WriteGuard`). */
  flushGuarded(
    target: Connection | DbExecutor,
    atMs: number,
    activity: ActivityEvent | null,
    guard: WriteGuard | null,
  ): Promise<{ applied: boolean; sessionStale: boolean }> {
    this.writtenPosition = this.positionChanged ? this.positionRow(atMs) : null;
    return writeBooks(target, {
      activity,
      guard,
      account: { id: this.account.id, version: this.account.version, cash: this.account.cash.toFixed(2) },
      inserted: [...this.inserted.values()],
      updated: [...this.updated.values()],
      fills: this.fillRows,
      ledger: this.ledgerRows,
      position: this.writtenPosition,
    });
  }

  /**
   * The account and position exactly as a read would give them after this work was flushed
   * (values as stored: cash to the cent, the position's row as written).
   */
  booksAfter(): { account: AccountState; position: PositionState } {
    const account = { ...this.account, cash: asStored(this.account.cash, 2), version: this.account.version + 1 };
    const row = this.writtenPosition;
    if (!row) return { account, position: { ...this.position } };
    const { book } = this.position;
    return {
      account,
      position: {
        ...this.position,
        id: row.id,
        book: {
          quantity: asStored(book.quantity, 8),
          costBasis: asStored(book.costBasis, 2),
          realizedPnl: asStored(book.realizedPnl, 2),
        },
        openedAt: row.openedAt,
      },
    };
  }
}

const laterOf = (a: Date, b: Date) => (b > a ? b : a);
/** A value as a column with `places` decimals stores it (every write sends toFixed of it). */
const asStored = (value: Amount, places: number) =>
  value.decimalPlaces() <= places ? value : amount(value.toFixed(places));
