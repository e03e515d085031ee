import {
  MARKET_MESSAGES,
  TRADING_MESSAGES,
  type OrderSide,
  type OrderType,
  type ParsedAmendOrderRequest,
  type ParsedOrderRequest,
  type RejectCode,
  type TimeInForce,
} from '@tp/shared';
import { findInstrument, formatQuantity, parseScaled, type InstrumentSpec } from '../market';

/** What makes an order acceptable to an instrument, and the order as the fill engine sees it. */

export interface Rejection {
  code: RejectCode;
  message: string;
}
export type Checked<T> = { ok: true; value: T } | { ok: false; rejection: Rejection };

const ok = <T>(value: T): Checked<T> => ({ ok: true, value });
const rejected = (code: RejectCode, message: string): Checked<never> => ({ ok: false, rejection: { code, message } });

/** The order in the engine's integer units: quantities in steps, prices in the instrument's price units. */
export interface WorkingOrder {
  side: OrderSide;
  type: OrderType;
  quantity: number;
  filled: number;
  limit: number | null;
  stop: number | null;
  timeInForce: TimeInForce;
  /** First epoch second the order is live: its placement, or its last amendment. */
  activeFrom: number;
  /** First epoch second it is no longer live (a day order ends with its UTC day); null for gtc. */
  expiresAt: number | null;
  /** Second a stop or stop-limit order triggered. */
  triggeredAt: number | null;
  /** Whether the order has been live at a second when it could not trade: from then on it fills as a resting order. */
  rested: boolean;
}

export const endOfUtcDay = (second: number) => (Math.floor(second / 86_400) + 1) * 86_400;

/** Quantity text → steps, within the instrument's lot rules. */
export function checkQuantity(spec: InstrumentSpec, text: string): Checked<number> {
  const units = parseScaled(text, spec.step.scale);
  const steps = units === null ? NaN : units / spec.step.units;
  if (!Number.isInteger(steps) || steps < spec.minSteps || steps > spec.maxSteps) {
    const { minQuantity, quantityStep, maxQuantity } = spec.info;
    return rejected(
      'invalid_quantity',
      TRADING_MESSAGES.invalidQuantity(spec.symbol, minQuantity, quantityStep, maxQuantity),
    );
  }
  return ok(steps);
}

/** Price text → price units, on the instrument's tick grid. */
export function checkPrice(spec: InstrumentSpec, text: string): Checked<number> {
  const units = parseScaled(text, spec.tick.scale);
  if (units === null || units <= 0 || units % spec.tick.units !== 0 || !Number.isSafeInteger(units)) {
    return rejected('invalid_price', TRADING_MESSAGES.invalidPrice(spec.symbol, spec.info.tickSize));
  }
  return ok(units);
}

const usesLimit = (type: OrderType) => type === 'limit' || type === 'stop_limit';
const usesStop = (type: OrderType) => type === 'stop' || type === 'stop_limit';

function optionalPrice(spec: InstrumentSpec, text: string | undefined, used: boolean): Checked<number | null> {
  if (!used || text === undefined) return ok(null);
  return checkPrice(spec, text);
}

/** A validated request as a working order, live from the second it was placed. */
export function newWorkingOrder(
  request: ParsedOrderRequest,
  placedAtMs: number,
): Checked<{ spec: InstrumentSpec; order: WorkingOrder }> {
  const spec = findInstrument(request.symbol);
  if (!spec) return rejected('unknown_symbol', MARKET_MESSAGES.unknownSymbol(request.symbol));
  const quantity = checkQuantity(spec, request.quantity);
  if (!quantity.ok) return quantity;
  const limit = optionalPrice(spec, request.price, usesLimit(request.type));
  if (!limit.ok) return limit;
  const stop = optionalPrice(spec, request.stopPrice, usesStop(request.type));
  if (!stop.ok) return stop;
  const second = Math.floor(placedAtMs / 1_000);
  return ok({
    spec,
    order: {
      side: request.side,
      type: request.type,
      quantity: quantity.value,
      filled: 0,
      limit: limit.value,
      stop: stop.value,
      timeInForce: request.timeInForce,
      activeFrom: second,
      expiresAt: request.timeInForce === 'day' ? endOfUtcDay(second) : null,
      triggeredAt: null,
      rested: false,
    },
  });
}

/**
 * A pending order changed by PATCH: it is live again from the amendment's second, as if newly
 * placed at its new terms (a limit moved through the market trades at once, as a taker).
 */
export function amendWorkingOrder(
  spec: InstrumentSpec,
  order: WorkingOrder,
  amend: ParsedAmendOrderRequest,
  atMs: number,
): Checked<WorkingOrder> {
  const second = Math.floor(atMs / 1_000);
  const next: WorkingOrder = { ...order, activeFrom: second, rested: false };
  if (amend.quantity !== undefined) {
    const quantity = checkQuantity(spec, amend.quantity);
    if (!quantity.ok) return quantity;
    if (quantity.value <= order.filled) {
      return rejected('invalid_quantity', TRADING_MESSAGES.quantityBelowFilled(formatQuantity(spec, order.filled)));
    }
    next.quantity = quantity.value;
  }
  if (amend.price !== undefined) {
    if (!usesLimit(order.type)) return rejected('invalid_price', TRADING_MESSAGES.priceNotForType(order.type));
    const limit = checkPrice(spec, amend.price);
    if (!limit.ok) return limit;
    next.limit = limit.value;
  }
  if (amend.stopPrice !== undefined) {
    if (!usesStop(order.type)) return rejected('invalid_price', TRADING_MESSAGES.stopPriceNotUsed);
    if (order.triggeredAt !== null) return rejected('invalid_price', TRADING_MESSAGES.stopTriggered);
    const stop = checkPrice(spec, amend.stopPrice);
    if (!stop.ok) return stop;
    next.stop = stop.value;
  }
  if (amend.timeInForce !== undefined) {
    next.timeInForce = amend.timeInForce;
    next.expiresAt = amend.timeInForce === 'day' ? endOfUtcDay(second) : null;
  }
  return ok(next);
}
