import { TRADING_LIMITS, type orderExportQuerySchema } from '@tp/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { toCsv } from '../../plugins/csv';
import { exportOrders } from './order-history';

/** The trade history as CSV (docs/desk.md#8-exports has the format): one row per order, newest first. */

const HEADER = [
  'created_at',
  'id',
  'symbol',
  'side',
  'type',
  'quantity',
  'filled_quantity',
  'avg_fill_price',
  'limit_price',
  'stop_price',
  'time_in_force',
  'status',
  'fees_usd',
  'reject_reason',
  'source',
  'updated_at',
];

export async function ordersCsv(deps: Deps, userId: string, query: z.output<typeof orderExportQuerySchema>) {
  const orders = await exportOrders(deps, userId, query, TRADING_LIMITS.ordersExportMax);
  return toCsv(
    HEADER,
    orders.map((order) => [
      order.createdAt,
      order.id,
      order.symbol,
      order.side,
      order.type,
      order.quantity,
      order.filledQuantity,
      order.avgFillPrice,
      order.limitPrice,
      order.stopPrice,
      order.timeInForce,
      order.status,
      order.fees,
      order.rejectReason,
      order.source,
      order.updatedAt,
    ]),
  );
}
