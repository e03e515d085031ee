import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import { TRADING_MESSAGES, orderQueryRange, type Order, type orderQuerySchema } from '@tp/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { notFound } from '../../plugins/errors';
import type { AccessClaims } from '../../plugins/auth';
import { proveSessionAlone } from '../../plugins/auth/session-in-statement';
import { toOrder } from './order-view';
import { readRecentOrders } from './recent-orders';
import { orders, paperAccounts } from './trading.tables';

/** The trade history: a user's orders listed and exported under the history's filters (docs/trading.md, "The service"). */

export type OrderQuery = z.output<typeof orderQuerySchema>;

/** The query's keys that narrow which orders the history lists (its page and size aside). */
const ORDER_FILTER_KEYS = ['accountId', 'symbol', 'status', 'startDate', 'endDate'] as const;
type OrderFilter = Pick<OrderQuery, (typeof ORDER_FILTER_KEYS)[number]>;

/**
 * The filters of a trade query on the user's active account (a subquery: no read of its own, and
 * no rows when there is none) or a closed one by accountId (404 when it is not the user's).
 */
async function orderFilters(deps: Deps, userId: string, query: OrderFilter): Promise<SQL[]> {
  let account: SQL | string;
  if (query.accountId) {
    const [found] = await deps.db
      .select({ id: paperAccounts.id })
      .from(paperAccounts)
      .where(and(eq(paperAccounts.id, query.accountId), eq(paperAccounts.userId, userId)));
    if (!found) throw notFound(TRADING_MESSAGES.accountNotFound);
    account = found.id;
  } else {
    account = sql`(${deps.db
      .select({ id: paperAccounts.id })
      .from(paperAccounts)
      .where(and(eq(paperAccounts.userId, userId), eq(paperAccounts.status, 'active')))})`;
  }
  const { from, to } = orderQueryRange(query);
  const filters: SQL[] = [eq(orders.accountId, account), eq(orders.userId, userId)];
  if (query.symbol) filters.push(eq(orders.symbol, query.symbol));
  if (query.status) filters.push(eq(orders.status, query.status));
  if (from) filters.push(gte(orders.createdAt, from));
  if (to) filters.push(lte(orders.createdAt, to));
  return filters;
}

export async function listOrders(
  deps: Deps,
  userId: string,
  query: OrderQuery,
): Promise<{ trades: Order[]; total: number }> {
  const filters = await orderFilters(deps, userId, query);
  const rows = await deps.db
    .select({ order: orders, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(orders)
    .where(and(...filters))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit)
    .offset(query.offset);
  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && query.offset > 0) {
    const [count] = await deps.db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(orders)
      .where(and(...filters));
    total = count?.total ?? 0;
  }
  return { trades: rows.map((r) => toOrder(r.order)), total };
}

/**
 * listOrders on a route that proves the session in its statement (decision 0027): the page without
 * filters, which dashboards poll, in one statement with the session (recent-orders.ts); a filtered
 * query proves the session alone, then reads as listOrders does.
 */
export async function listOrdersOfSession(
  deps: Deps,
  session: AccessClaims,
  query: OrderQuery,
): Promise<{ trades: Order[]; total: number }> {
  if (ORDER_FILTER_KEYS.some((key) => query[key])) {
    await proveSessionAlone(deps.connection, session);
  } else {
    const page = await readRecentOrders(deps.connection, session, query);
    if (page.total !== null) return { trades: page.trades, total: page.total };
  }
  return listOrders(deps, session.userId, query);
}

/** Every order the trade history's filters select, newest first, up to `cap` (the CSV export). */
export async function exportOrders(deps: Deps, userId: string, query: OrderFilter, cap: number): Promise<Order[]> {
  const filters = await orderFilters(deps, userId, query);
  const rows = await deps.db
    .select()
    .from(orders)
    .where(and(...filters))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(cap);
  return rows.map(toOrder);
}
