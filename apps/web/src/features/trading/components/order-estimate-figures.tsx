import type { Instrument, OrderSide } from '@tp/shared';
import { cn } from '@/lib/cn';
import { formatMoney } from '@/lib/format';
import { formatPrice, instrumentTickDecimals } from '../format';
import type { OrderEstimate } from '../order-estimate';
import { formatQuantityWithUnit, pricePerText } from '../units';

interface OrderEstimateFiguresProps {
  side: OrderSide;
  /** The order's quantity, as sent. */
  quantity: string;
  instrument: Instrument | undefined;
  /** Null while the order is incomplete or its price unknown: the figures then show "—". */
  estimate: OrderEstimate | null;
  className?: string;
}

/**
 * What the order is worth and the buying power it leaves, with how the value is made up
 * ("1 lot (50,000 lb) × 0.6437 USD per lb"), in the ticket as the user types and in the
 * confirmation.
 */
export function OrderEstimateFigures({ side, quantity, instrument, estimate, className }: OrderEstimateFiguresProps) {
  const buy = side === 'buy';
  const left = estimate?.buyingPowerLeft ?? null;
  return (
    <dl className={cn('grid grid-cols-2 gap-2 text-xs text-muted', className)} data-testid="order-estimate">
      <div className="col-span-2">
        <dt>Order value</dt>
        <dd className="tabular text-sm text-fg">
          {estimate
            ? `${estimate.priceSource === 'ask' || estimate.priceSource === 'bid' ? 'about ' : ''}${formatMoney(estimate.value)}`
            : '—'}
        </dd>
        {estimate && instrument && (
          <dd className="tabular">
            {formatQuantityWithUnit(quantity, instrument)} ×{' '}
            {formatPrice(estimate.price, instrumentTickDecimals(instrument))} USD {pricePerText(instrument)}
          </dd>
        )}
      </div>
      {estimate && Number(estimate.charges) > 0 && (
        <div>
          <dt>Charges</dt>
          <dd className="tabular text-sm text-fg">{formatMoney(estimate.charges)}</dd>
        </div>
      )}
      <div>
        <dt>{buy ? 'Buying power left' : 'Buying power once sold'}</dt>
        <dd className={cn('tabular text-sm', left !== null && Number(left) < 0 ? 'text-loss' : 'text-fg')}>
          {left === null ? '—' : formatMoney(left)}
        </dd>
      </div>
    </dl>
  );
}
