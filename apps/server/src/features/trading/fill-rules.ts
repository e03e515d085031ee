import type { OrderSide } from '@tp/shared';
import type { InstrumentSpec, MarketSnapshot } from '../market';
import { amount, fromScaled, sumOf, toCents, ZERO, type Amount } from './money';
import type { WorkingOrder } from './order-rules';

/**
 * How orders fill against the market, one second at a time (docs/trading.md, "Fill rules").
 * Pure: a working order and a market snapshot in, the order's next state and any fill out.
 *
 * - An order that can trade the moment it becomes live (placed, amended, or a stop triggered)
 *   takes liquidity: it walks the order book from the touch, level by level, never past its limit nor
 *   past the minute bar's extreme so far; the level at that extreme absorbs whatever is left.
 * - An order that has rested (was live at a second it could not trade) fills in full at its
 *   limit when the touch reaches it — never better — clamped into the bar if the market jumped.
 * - Stops trigger on the price (last) crossing the stop; then a stop acts as a market order and a
 *   stop-limit as a limit order becoming live at that second.
 * - A day order is no longer live from the first second of the next UTC day.
 */

export interface FillLeg {
  /** Price units (the instrument's tick grid). */
  price: number;
  /** Quantity steps. */
  quantity: number;
}

export interface Fill {
  second: number;
  side: OrderSide;
  quantity: number;
  legs: FillLeg[];
  liquidity: 'taker' | 'maker';
}

export function walkOrderBook(
  spec: InstrumentSpec,
  snap: MarketSnapshot,
  side: OrderSide,
  quantity: number,
  limit: number | null,
): FillLeg[] {
  const buy = side === 'buy';
  const extreme = buy ? snap.barHigh : snap.barLow;
  const bound = limit === null ? extreme : buy ? Math.min(limit, extreme) : Math.max(limit, extreme);
  const tick = buy ? spec.tick.units : -spec.tick.units;
  const within = (price: number) => (buy ? price <= bound : price >= bound);
  const legs: FillLeg[] = [];
  let remaining = quantity;
  for (let level = 0, price = buy ? snap.ask : snap.bid; remaining > 0 && within(price); level++, price += tick) {
    const take = price === extreme ? remaining : Math.min(remaining, snap.depth(buy ? 'ask' : 'bid', level));
    legs.push({ price, quantity: take });
    remaining -= take;
  }
  return legs;
}

export interface Step {
  order: WorkingOrder;
  fill: Fill | null;
  expired: boolean;
}

const usesLimit = (order: WorkingOrder) => order.type === 'limit' || order.type === 'stop_limit';
const waitingForStop = (order: WorkingOrder) =>
  (order.type === 'stop' || order.type === 'stop_limit') && order.triggeredAt === null;

/** The order at one second of the market. */
export function stepOrder(spec: InstrumentSpec, order: WorkingOrder, snap: MarketSnapshot): Step {
  const idle: Step = { order, fill: null, expired: false };
  if (snap.second < order.activeFrom || order.filled >= order.quantity) return idle;
  if (order.expiresAt !== null && snap.second >= order.expiresAt) return { ...idle, expired: true };
  const buy = order.side === 'buy';

  let next = order;
  if (waitingForStop(order)) {
    const crossed = buy ? snap.price >= order.stop! : snap.price <= order.stop!;
    if (!crossed) return idle;
    next = { ...order, triggeredAt: snap.second };
  }

  const limit = usesLimit(next) ? next.limit : null;
  const touch = buy ? snap.ask : snap.bid;
  if (limit !== null && (buy ? touch > limit : touch < limit)) {
    return { order: next.rested ? next : { ...next, rested: true }, fill: null, expired: false };
  }

  const remaining = next.quantity - next.filled;
  let legs: FillLeg[];
  if (next.rested && limit !== null) {
    const price = buy ? Math.min(limit, snap.barHigh) : Math.max(limit, snap.barLow);
    legs = [{ price, quantity: remaining }];
  } else {
    legs = walkOrderBook(spec, snap, next.side, remaining, limit);
  }
  const quantity = legs.reduce((total, leg) => total + leg.quantity, 0);
  if (quantity === 0) return { order: next, fill: null, expired: false };
  return {
    order: { ...next, filled: next.filled + quantity },
    fill: { second: snap.second, side: next.side, quantity, legs, liquidity: next.rested ? 'maker' : 'taker' },
    expired: false,
  };
}

export interface Run {
  order: WorkingOrder;
  fills: Fill[];
  expired: boolean;
  /** The last second looked at (the matching job resumes after it), or null when none was. */
  checkedUntil: number | null;
}

/** The order over consecutive seconds, until it is filled, expires, or the seconds run out. */
export function runOrder(spec: InstrumentSpec, order: WorkingOrder, snapshots: Iterable<MarketSnapshot>): Run {
  const run: Run = { order, fills: [], expired: false, checkedUntil: null };
  for (const snap of snapshots) {
    if (run.order.filled >= run.order.quantity) break;
    const step = stepOrder(spec, run.order, snap);
    run.checkedUntil = snap.second;
    if (step.expired) return { ...run, expired: true };
    run.order = step.order;
    if (step.fill) run.fills.push(step.fill);
  }
  return run;
}

/** Charges configured for the account; none by default. Rates are fractions of the notional. */
export interface FeeSchedule {
  commissionPerOrder: Amount;
  commissionRate: Amount;
  slippageRate: Amount;
}
export const NO_FEES: FeeSchedule = { commissionPerOrder: ZERO, commissionRate: ZERO, slippageRate: ZERO };

export interface FillAmounts {
  /** Shares or lots. */
  quantity: Amount;
  /** Σ quantity × lot size × price over the legs, exact. */
  notional: Amount;
  /** Per unit of price (per share, per EUR, per ounce), exact. */
  averagePrice: Amount;
  /** Whole cents, posted as their own ledger rows. */
  commission: Amount;
  slippage: Amount;
}

export function fillAmounts(
  spec: InstrumentSpec,
  fill: Fill,
  fees: FeeSchedule,
  firstFillOfOrder: boolean,
): FillAmounts {
  const quantityOf = (steps: number) => fromScaled(steps * spec.step.units, spec.step.scale);
  const lotSize = amount(spec.info.lotSize);
  const quantity = quantityOf(fill.quantity);
  const value = sumOf(fill.legs.map((leg) => quantityOf(leg.quantity).times(fromScaled(leg.price, spec.tick.scale))));
  const notional = value.times(lotSize);
  return {
    quantity,
    notional,
    averagePrice: value.div(quantity),
    commission: toCents((firstFillOfOrder ? fees.commissionPerOrder : ZERO).plus(notional.times(fees.commissionRate))),
    slippage: toCents(notional.times(fees.slippageRate)),
  };
}
