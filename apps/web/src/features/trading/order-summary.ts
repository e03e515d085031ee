import type { Instrument, OrderRequest, Quote } from '@tp/shared';
import { formatPrice, TIME_IN_FORCE_LABELS } from './format';
import { formatQuantityWithUnit } from './units';

/**
 * A sentence saying what the order will do, for the confirmation: "Buy 1 lot (50,000 lb) of COTTON
 * at market (about 0.6437) (Day)".
 */
export function orderSummary(
  order: OrderRequest,
  quote: Quote | undefined,
  instrument: Instrument | undefined,
): string {
  const parts = [
    `${order.side === 'buy' ? 'Buy' : 'Sell'} ${formatQuantityWithUnit(String(order.quantity), instrument)}${instrument ? ' of' : ''} ${order.symbol}`,
  ];
  if (order.type === 'market')
    parts.push(quote ? `at market (about ${formatPrice(order.side === 'buy' ? quote.ask : quote.bid)})` : 'at market');
  if (order.stopPrice !== undefined) parts.push(`when the price reaches ${order.stopPrice}`);
  if (order.price !== undefined && order.type !== 'market') parts.push(`with a limit of ${order.price}`);
  parts.push(`(${TIME_IN_FORCE_LABELS[order.timeInForce ?? 'day']})`);
  return parts.join(' ');
}
