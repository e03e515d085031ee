import type { Order } from '@tp/shared';
import { formatPrice, orderPrice } from '../format';

/**
 * An order's price cell: the fill, or "Limit 100.00" / "Stop 100.00" for a price the order only
 * waited for (so a cancelled limit does not read as a trade at 100.00).
 */
export function OrderPrice({
  trade,
  format = formatPrice,
}: {
  trade: Pick<Order, 'price' | 'filledQuantity' | 'limitPrice' | 'stopPrice'>;
  format?: (value: string) => string;
}) {
  const { kind, value } = orderPrice(trade);
  if (value === null) return <>—</>;
  // one element, so a stacked table's cell keeps the kind beside its price
  return (
    <span>
      {kind && <span className="mr-1 text-xs text-muted">{kind === 'limit' ? 'Limit' : 'Stop'}</span>}
      {format(value)}
    </span>
  );
}
