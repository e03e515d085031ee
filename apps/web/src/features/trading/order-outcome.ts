import type { Instrument, Order } from '@tp/shared';
import { formatPrice, instrumentTickDecimals, ORDER_TYPE_LABELS } from './format';
import { formatQuantityWithUnit, quantityParts } from './units';

/**
 * What became of a placed order, as one sentence and the alert's tone ("Bought 10 shares of AAPL at
 * 230.11", "Bought 1 lot (50,000 lb) of COTTON at 0.6437"); the instrument gives the quantity its
 * unit and an averaged fill its decimals (./format, ./units). Without it the figures stand bare.
 */
export function orderOutcome(
  trade: Order,
  instrument?: Instrument,
): { variant: 'success' | 'info' | 'error'; text: string } {
  const verb = trade.side === 'buy' ? 'Bought' : 'Sold';
  // "10 shares of AAPL"; "10 AAPL" while the instrument is not known
  const of = (quantity: string) =>
    `${formatQuantityWithUnit(quantity, instrument)}${instrument ? ' of' : ''} ${trade.symbol}`;
  if (trade.status === 'filled') {
    return {
      variant: 'success',
      text: `${verb} ${of(trade.filledQuantity)} at ${formatPrice(trade.avgFillPrice ?? '0', instrumentTickDecimals(instrument))}`,
    };
  }
  if (trade.status === 'rejected') return { variant: 'error', text: `Order rejected: ${trade.rejectReason ?? ''}` };
  const order = `${ORDER_TYPE_LABELS[trade.type]} order to ${trade.side} ${of(trade.quantity)}`;
  const filled = quantityParts(trade.filledQuantity, instrument).amount;
  const part = Number(trade.filledQuantity) === 0 ? '' : ` (${filled} filled)`;
  if (trade.status === 'cancelled') return { variant: 'info', text: `${order} was cancelled${part}` };
  if (trade.status === 'expired') return { variant: 'info', text: `${order} expired${part}` };
  return { variant: 'info', text: `${order} is pending${part}` };
}
