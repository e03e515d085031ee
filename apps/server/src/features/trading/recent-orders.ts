import { getTableColumns } from 'drizzle-orm';
import type { Order } from '@tp/shared';
import type { Connection } from '../../db/client';
import type { AccessClaims } from '../../plugins/auth';
import { liveSessionFrom, proveSession } from '../../plugins/auth/session-in-statement';
import { toOrder, type OrderRow } from './order-view';
import { orders } from './trading.tables';

/**
 * The newest orders of the user's active account, a page of them, in one prepared statement that
 * proves the session too (decision 0027): what every open dashboard polls (`GET /api/trades?limit=10`).
 * The same rows and total as the history's Drizzle query without filters (order-history.ts).
 */

const COLUMNS = Object.entries(getTableColumns(orders));
// timestamps as text, as the Drizzle driver reads them; each column's own mapping then applies
const SELECTED = COLUMNS.map(
  ([key, column]) => `o.${column.name}${column.columnType === 'PgTimestamp' ? '::text' : ''} as "${key}"`,
).join(', ');

/** $1 the user, $2 the session, $3 limit, $4 offset. No row when the session is not live. */
const RECENT_ORDERS_OF_SESSION = {
  name: 'trading_recent_orders_session',
  text: `
  select live_session.session_stale, page.*
  from ${liveSessionFrom('$2', '$1')}
  left join lateral (
    select ${SELECTED}, o.created_at as sort_at, count(*) over () as total
    from orders o
    where o.account_id = (select a.id from paper_accounts a where a.user_id = $1::uuid and a.status = 'active')
      and o.user_id = $1::uuid
    order by o.created_at desc, o.id desc
    limit $3::int offset $4::int
  ) as page on true
  order by page.sort_at desc, page.id desc`,
};

type Row = Record<string, unknown> & { session_stale: boolean; id: string | null; total: string | number | null };

function orderRowOf(row: Row): OrderRow {
  const mapped: Record<string, unknown> = {};
  for (const [key, column] of COLUMNS) {
    const value = row[key];
    mapped[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return mapped as OrderRow;
}

/**
 * A page of the newest orders and how many there are, the session proven first (401 when it is not
 * live). `total` is null when the page is empty past the first: the caller counts then.
 */
export async function readRecentOrders(
  connection: Connection,
  session: AccessClaims,
  page: { limit: number; offset: number },
): Promise<{ trades: Order[]; total: number | null }> {
  const { rows } = await connection.query<Row>(
    RECENT_ORDERS_OF_SESSION.text,
    [session.userId, session.sessionId, page.limit, page.offset],
    RECENT_ORDERS_OF_SESSION.name,
  );
  await proveSession(connection, session, rows[0]);
  const found = rows.filter((row) => row.id !== null);
  if (found.length === 0) return { trades: [], total: page.offset > 0 ? null : 0 };
  return { trades: found.map((row) => toOrder(orderRowOf(row))), total: Number(found[0]!.total) };
}
