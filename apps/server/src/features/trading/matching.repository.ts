import { executeText, type Connection, type DbExecutor } from '../../db/client';
import type { OrderRow } from './order-view';

/** The matching pass's own statements (docs/trading.md, "Matching"), each behind a function with named arguments. */

const HAS_MATCHING_WORK = `
  select exists(select 1 from orders where status = 'pending')
      or exists(select 1 from positions where (stop_loss is not null or take_profit is not null) and quantity > 0)
    as work`;

/** $1: the orders' progress, a jsonb list of { id, version, checked_until, rested, triggered_at }. */
const RECORD_PROGRESS = `
  update orders set checked_until = v.checked_until, rested = v.rested, triggered_at = v.triggered_at,
    version = orders.version + 1
  from jsonb_to_recordset($1::jsonb)
    as v(id uuid, version int, checked_until timestamptz, rested boolean, triggered_at timestamptz)
  where orders.id = v.id and orders.version = v.version and orders.status = 'pending'`;

/** Whether a pass has anything to look at: a pending order, or a held position with a stop-loss or take-profit. */
export async function hasMatchingWork(connection: Connection): Promise<boolean> {
  const { rows } = await connection.query<{ work: boolean }>(HAS_MATCHING_WORK, [], 'trading_has_matching_work');
  return rows[0]?.work === true;
}

/**
 * Progress of orders with nothing recorded (seconds looked at, rested, triggered), each written
 * only if the order is still pending at the version it was read at (`version`).
 */
export async function recordOrderProgress(db: DbExecutor, { orders }: { orders: readonly OrderRow[] }): Promise<void> {
  if (orders.length === 0) return;
  const progress = orders.map((row) => ({
    id: row.id,
    version: row.version,
    checked_until: row.checkedUntil!.toISOString(),
    rested: row.rested,
    triggered_at: row.triggeredAt?.toISOString() ?? null,
  }));
  await executeText(db, RECORD_PROGRESS, [JSON.stringify(progress)]);
}
