import { randomUUID } from 'node:crypto';
import { Decimal } from 'decimal.js';
import { formatQuantity, formatPrice, parseScaled, type InstrumentSpec } from '../market';
import type { FeeSchedule, FillAmounts } from './fill-rules';
import { amount, formatDecimal, fromScaled, PRICE_SCALE, ZERO, type Amount } from './money';
import type { WorkingOrder } from './order-rules';
import type { OrderRow } from './order-view';

/** An order's stored row and the working order the fill engine sees, each made from the other. */

const ceilCents = (value: Amount) => value.toDecimalPlaces(2, Decimal.ROUND_CEIL);
const stepsOf = (spec: InstrumentSpec, text: string) => parseScaled(text, spec.step.scale)! / spec.step.units;
const priceUnitsOf = (spec: InstrumentSpec, text: string | null) =>
  text === null ? null : parseScaled(text, spec.tick.scale);
export const quantityOf = (spec: InstrumentSpec, steps: number) => fromScaled(steps * spec.step.units, spec.step.scale);
const secondOf = (date: Date | null) => (date ? Math.floor(date.getTime() / 1_000) : null);
export const dateOf = (second: number) => new Date(second * 1_000);

/** The order's row after a fill: its filled quantity, its average price over all its fills, its charges. */
export function withFill(
  spec: InstrumentSpec,
  row: OrderRow,
  filledBefore: number,
  filledAfter: number,
  amounts: FillAmounts,
) {
  const previous = quantityOf(spec, filledBefore);
  const averagePrice = row.avgFillPrice
    ? amount(row.avgFillPrice)
        .times(previous)
        .plus(amounts.averagePrice.times(amounts.quantity))
        .div(previous.plus(amounts.quantity))
    : amounts.averagePrice;
  return {
    ...row,
    filledQuantity: quantityOf(spec, filledAfter).toFixed(),
    avgFillPrice: formatDecimal(averagePrice.toDecimalPlaces(PRICE_SCALE, Decimal.ROUND_HALF_EVEN)),
    fees: amount(row.fees).plus(amounts.commission).plus(amounts.slippage).toFixed(2),
  };
}

/** The order as the fill engine sees it (integer steps and price units). */
export function workingOrderOf(spec: InstrumentSpec, row: OrderRow): WorkingOrder {
  return {
    side: row.side,
    type: row.type,
    quantity: stepsOf(spec, row.quantity),
    filled: stepsOf(spec, row.filledQuantity),
    limit: priceUnitsOf(spec, row.limitPrice),
    stop: priceUnitsOf(spec, row.stopPrice),
    timeInForce: row.timeInForce,
    activeFrom: secondOf(row.activeFrom)!,
    expiresAt: secondOf(row.expiresAt),
    triggeredAt: secondOf(row.triggeredAt),
    rested: row.rested,
  };
}

/** The working order's terms written back onto its row (prices and quantities as decimal text). */
export function withTerms(spec: InstrumentSpec, row: OrderRow, order: WorkingOrder): OrderRow {
  return {
    ...row,
    quantity: formatQuantity(spec, order.quantity),
    limitPrice: order.limit === null ? null : formatPrice(spec, order.limit),
    stopPrice: order.stop === null ? null : formatPrice(spec, order.stop),
    timeInForce: order.timeInForce,
    activeFrom: dateOf(order.activeFrom),
    expiresAt: order.expiresAt === null ? null : dateOf(order.expiresAt),
    triggeredAt: order.triggeredAt === null ? null : dateOf(order.triggeredAt),
    rested: order.rested,
  };
}

/** Cash a pending buy holds: its unfilled quantity at its limit (or stop) with charges, rounded up to the cent. */
export function reservationFor(spec: InstrumentSpec, order: WorkingOrder, fees: FeeSchedule): Amount {
  const price = order.limit ?? order.stop;
  if (order.side !== 'buy' || price === null || order.filled >= order.quantity) return ZERO;
  const notional = quantityOf(spec, order.quantity - order.filled)
    .times(spec.info.lotSize)
    .times(fromScaled(price, spec.tick.scale));
  const commission = (order.filled === 0 ? fees.commissionPerOrder : ZERO).plus(notional.times(fees.commissionRate));
  return ceilCents(notional)
    .plus(ceilCents(commission))
    .plus(ceilCents(notional.times(fees.slippageRate)));
}

/** Fields a new order row starts from (the rest has defaults). */
export type NewOrder = Pick<
  OrderRow,
  | 'accountId'
  | 'userId'
  | 'symbol'
  | 'side'
  | 'type'
  | 'timeInForce'
  | 'quantity'
  | 'limitPrice'
  | 'stopPrice'
  | 'source'
  | 'idempotencyKey'
  | 'requestHash'
  | 'activeFrom'
  | 'expiresAt'
> & { at: Date };

export function newOrderRow(fields: NewOrder): OrderRow {
  const { at, ...rest } = fields;
  return {
    id: randomUUID(),
    ...rest,
    filledQuantity: '0',
    avgFillPrice: null,
    status: 'pending',
    rejectCode: null,
    rejectReason: null,
    triggeredAt: null,
    rested: false,
    checkedUntil: null,
    reservedCash: '0',
    fees: '0',
    version: 0,
    createdAt: at,
    updatedAt: at,
  };
}
