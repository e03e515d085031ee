import { Decimal } from 'decimal.js';
import type { Charges, Instrument, OrderRequest, Quote } from '@tp/shared';
import { formatMoney } from '@/lib/format';
import { formatQuantityWithUnit } from './units';

/**
 * What an order is worth and what it leaves, before it is sent, computed as the server holds cash
 * for it (docs/trading.md#1-instruments, docs/trading.md#7-the-service-api-signed-in): the value is
 * quantity × lot size × price, in USD, exactly
 * (decimal.js); charges are the configured commission and slippage; each part is rounded up to the
 * cent. The price is the limit for a limit or stop-limit order, the stop for a stop order, and for
 * a market order the touch it trades at first (the ask for a buy, the bid for a sale; a large order
 * walking the book may pay more, and the server then refuses what the cash cannot cover).
 */

const Exact = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_EVEN });
const ceilCents = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_CEIL);

export interface OrderEstimate {
  /** The price per unit the estimate uses. */
  price: string;
  priceSource: 'ask' | 'bid' | 'limit' | 'stop';
  /** quantity × lot size × price, USD, to the cent. */
  value: string;
  /** Commission and slippage, USD (0.00 when none are configured). */
  charges: string;
  /** What a buy needs of the buying power (value + charges); a sale needs none of it. */
  needed: string;
  /**
   * Buying power once the order is placed (a buy) or once it fills (a sale: value less charges
   * added); null while the buying power is not known.
   */
  buyingPowerLeft: string | null;
  /** How much more a buy needs than the buying power holds; null when it fits. */
  shortfall: string | null;
}

const NO_CHARGES: Charges = { commissionPerOrder: '0', commissionRate: '0', slippageRate: '0' };

/** The price the order is estimated at, or null (a market order before the first quote). */
function estimatePrice(
  order: OrderRequest,
  quote: Pick<Quote, 'bid' | 'ask'> | undefined,
): Pick<OrderEstimate, 'price' | 'priceSource'> | null {
  if ((order.type === 'limit' || order.type === 'stop_limit') && order.price !== undefined)
    return { price: String(order.price), priceSource: 'limit' };
  if (order.type === 'stop' && order.stopPrice !== undefined)
    return { price: String(order.stopPrice), priceSource: 'stop' };
  if ((order.type ?? 'market') !== 'market' || !quote) return null;
  return order.side === 'buy' ? { price: quote.ask, priceSource: 'ask' } : { price: quote.bid, priceSource: 'bid' };
}

/**
 * The estimate of a well-formed order (validateTicket passed), or null when its price is not known
 * yet. `buyingPower` is cash no pending order holds (cashBalance − reservedCash).
 */
export function estimateOrder(
  order: OrderRequest,
  instrument: Instrument,
  quote: Pick<Quote, 'bid' | 'ask'> | undefined,
  buyingPower: string | undefined,
  charges: Charges = NO_CHARGES,
): OrderEstimate | null {
  const priced = estimatePrice(order, quote);
  if (!priced) return null;
  const notional = new Exact(String(order.quantity)).times(instrument.lotSize).times(priced.price);
  const value = ceilCents(notional);
  const commission = ceilCents(new Exact(charges.commissionPerOrder).plus(notional.times(charges.commissionRate)));
  const fees = commission.plus(ceilCents(notional.times(charges.slippageRate)));
  const buy = order.side === 'buy';
  const needed = buy ? value.plus(fees) : new Exact(0);
  const power = buyingPower === undefined ? null : new Exact(buyingPower);
  const left = power === null ? null : buy ? power.minus(needed) : power.plus(value).minus(fees);
  const short =
    power !== null && buy && needed.greaterThan(Decimal.max(power, 0)) ? needed.minus(Decimal.max(power, 0)) : null;
  return {
    ...priced,
    value: value.toFixed(2),
    charges: fees.toFixed(2),
    needed: needed.toFixed(2),
    buyingPowerLeft: left === null ? null : left.toFixed(2),
    shortfall: short === null ? null : short.toFixed(2),
  };
}

/**
 * The largest quantity on the instrument's steps whose cost at `price` fits `buyingPower` (charges
 * included), or null when not even the smallest does.
 */
export function affordableQuantity(
  instrument: Instrument,
  price: string,
  buyingPower: string,
  charges: Charges = NO_CHARGES,
): string | null {
  const rate = new Exact(1).plus(charges.commissionRate).plus(charges.slippageRate);
  const perStep = new Exact(instrument.quantityStep).times(instrument.lotSize).times(price).times(rate);
  const room = new Exact(buyingPower).minus(charges.commissionPerOrder);
  if (perStep.isZero() || room.lessThanOrEqualTo(0)) return null;
  let steps = room.dividedToIntegerBy(perStep);
  // rounding each charge up to the cent may take a cent or two more: step down until it fits
  const fits = (n: Decimal) =>
    !estimateOrder(
      {
        symbol: instrument.symbol,
        side: 'buy',
        quantity: n.times(instrument.quantityStep).toFixed(),
        type: 'limit',
        price,
      },
      instrument,
      undefined,
      buyingPower,
      charges,
    )?.shortfall;
  while (steps.greaterThan(0) && !fits(steps)) steps = steps.minus(1);
  const quantity = Decimal.min(steps.times(instrument.quantityStep), instrument.maxQuantity);
  return quantity.lessThan(instrument.minQuantity) ? null : quantity.toFixed();
}

/**
 * The refusal of a buy its buying power cannot cover, naming the shortfall and the most that fits:
 * "Insufficient cash: this order needs about $32,185.00 and $10,000.00 is available, $22,185.00
 * short. At this price you can buy up to 0.31 lots (15,500 lb)."
 */
export function shortfallMessage(
  estimate: OrderEstimate,
  instrument: Instrument,
  buyingPower: string,
  charges?: Charges,
): string {
  const available = Decimal.max(new Exact(buyingPower), 0).toFixed(2);
  const most = affordableQuantity(instrument, estimate.price, buyingPower, charges);
  const fits = most
    ? `At this price you can buy up to ${formatQuantityWithUnit(most, instrument)}.`
    : `Your buying power does not cover even ${formatQuantityWithUnit(instrument.minQuantity, instrument)}.`;
  return `Insufficient cash: this order needs about ${formatMoney(estimate.needed)} and ${formatMoney(available)} is available, ${formatMoney(estimate.shortfall ?? '0')} short. ${fits}`;
}
