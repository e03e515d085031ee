import type { Trade } from '@tp/shared';
import { formatPrice, formatQuantity, ORDER_TYPE_LABELS } from './format';

/**
 * What became of a placed order, as one sentence and the alert's tone ("Bought 10 AAPL at 230.11");
 * the instrument's class gives an averaged fill its decimals (./format).
 */
export function orderOutcome(
  trade: Trade,
  tickDecimals?: number,
): { variant: 'success' | 'info' | 'error'; text: string } {
  const verb = trade.side === 'buy' ? 'Bought' : 'Sold';
  if (trade.status === 'filled') {
    return {
      variant: 'success',
      text: `${verb} ${formatQuantity(trade.filledQuantity)} ${trade.symbol} at ${formatPrice(trade.avgFillPrice ?? '0', tickDecimals)}`,
    };
  }
  if (trade.status === 'rejected') return { variant: 'error', text: `Order rejected: ${trade.rejectReason ?? ''}` };
  const order = `${ORDER_TYPE_LABELS[trade.type]} order to ${trade.side} ${formatQuantity(trade.quantity)} ${trade.symbol}`;
  const filled = formatQuantity(trade.filledQuantity);
  const part = filled === '0' ? '' : ` (${filled} filled)`;
  if (trade.status === 'cancelled') return { variant: 'info', text: `${order} was cancelled${part}` };
  if (trade.status === 'expired') return { variant: 'info', text: `${order} expired${part}` };
  return { variant: 'info', text: `${order} is pending${part}` };
}
