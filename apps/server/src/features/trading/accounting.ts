import type { OrderSide } from '@tp/shared';
import { sumOf, toCents, ZERO, type Amount } from './money';

/**
 * The paper account's books (docs/trading.md, "Accounting"). Every cash movement is a ledger row
 * in whole cents; cash is the sum of the rows (the first is the opening deposit), so
 * cash = opening + Σ later rows, exactly. Positions are long only and carry their cost basis
 * (fees included) and the P&L they have realized.
 */

export type LedgerKind = 'opening' | 'deposit' | 'fill' | 'commission' | 'slippage';

export interface LedgerRow {
  kind: LedgerKind;
  /** Signed, whole cents: money in is positive. */
  amount: Amount;
}

export interface PositionBook {
  /** Shares or lots held; never negative. */
  quantity: Amount;
  /** What the held quantity cost, fees included, in cents; zero when flat. */
  costBasis: Amount;
  /** P&L realized by sales so far, net of their fees. */
  realizedPnl: Amount;
}

export const FLAT: PositionBook = { quantity: ZERO, costBasis: ZERO, realizedPnl: ZERO };

export function openingRow(cash: Amount): LedgerRow {
  return { kind: 'opening', amount: toCents(cash) };
}

export const cashOf = (rows: Iterable<LedgerRow>): Amount => sumOf([...rows].map((row) => row.amount));

export interface FillToPost {
  side: OrderSide;
  /** Shares or lots. */
  quantity: Amount;
  /** Exact value traded (quantity × lot size × price). */
  notional: Amount;
  commission: Amount;
  slippage: Amount;
}

export type Posting =
  | { ok: true; cash: Amount; position: PositionBook; rows: LedgerRow[]; realizedPnl: Amount }
  | { ok: false; code: 'insufficient_cash'; needed: Amount; available: Amount }
  | { ok: false; code: 'insufficient_position'; held: Amount; selling: Amount };

/** Books a fill against the cash and the position, or refuses it: cash and holdings never go negative. */
export function postFill(cash: Amount, position: PositionBook, fill: FillToPost): Posting {
  const value = toCents(fill.notional);
  const fees = fill.commission.plus(fill.slippage);
  const rows: LedgerRow[] = [{ kind: 'fill', amount: fill.side === 'buy' ? value.neg() : value }];
  if (!fill.commission.isZero()) rows.push({ kind: 'commission', amount: fill.commission.neg() });
  if (!fill.slippage.isZero()) rows.push({ kind: 'slippage', amount: fill.slippage.neg() });
  const after = cash.plus(cashOf(rows));

  if (fill.side === 'buy') {
    if (after.isNegative()) return { ok: false, code: 'insufficient_cash', needed: value.plus(fees), available: cash };
    return {
      ok: true,
      cash: after,
      rows,
      realizedPnl: ZERO,
      position: {
        quantity: position.quantity.plus(fill.quantity),
        costBasis: position.costBasis.plus(value).plus(fees),
        realizedPnl: position.realizedPnl,
      },
    };
  }

  if (fill.quantity.greaterThan(position.quantity)) {
    return { ok: false, code: 'insufficient_position', held: position.quantity, selling: fill.quantity };
  }
  if (after.isNegative()) return { ok: false, code: 'insufficient_cash', needed: fees.minus(value), available: cash };
  const remaining = position.quantity.minus(fill.quantity);
  // the sold share of the cost; all of what is left when the position closes, so no cent strays
  const soldCost = remaining.isZero()
    ? position.costBasis
    : toCents(position.costBasis.times(fill.quantity).div(position.quantity));
  const realizedPnl = value.minus(fees).minus(soldCost);
  return {
    ok: true,
    cash: after,
    rows,
    realizedPnl,
    position: {
      quantity: remaining,
      costBasis: position.costBasis.minus(soldCost),
      realizedPnl: position.realizedPnl.plus(realizedPnl),
    },
  };
}

/** Average cost per unit of price (per share, per EUR, per ounce). */
export function averageCost(position: PositionBook, lotSize: Amount): Amount {
  return position.quantity.isZero() ? ZERO : position.costBasis.div(position.quantity.times(lotSize));
}

export function marketValue(position: PositionBook, lotSize: Amount, price: Amount): Amount {
  return position.quantity.times(lotSize).times(price);
}

export function unrealizedPnl(position: PositionBook, lotSize: Amount, price: Amount): Amount {
  return marketValue(position, lotSize, price).minus(position.costBasis);
}
