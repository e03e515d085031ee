import { and, eq, gte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AccountRow } from './order-view';
import { cashLedger, fills, orders, paperAccounts, positions } from './trading.tables';

/** What a portfolio answer is computed from, read in one statement. */

type PositionRow = typeof positions.$inferSelect;

/** What the account did in a symbol today: quantity bought and sold, cash paid and received (charges included). */
export interface DayFlowTexts {
  fills: number;
  bought: string;
  sold: string;
  paid: string;
  received: string;
}

export interface PortfolioRows {
  account: AccountRow;
  /** Σ reserved cash of the account's pending orders. */
  reservedCash: string;
  /** Σ today's ledger rows other than the opening and deposits: what trading moved today. */
  tradingToday: string;
  /** Every position row, flat ones included, with its symbol's flows today and pending sell quantity. */
  positions: Array<{ row: PositionRow; today: DayFlowTexts; reservedQuantity: string }>;
}

const text = (value: ReturnType<typeof sql>) => sql<string>`coalesce(${value}, 0)::text`;

/**
 * The user's active account with its positions, today's flows per symbol (since `dayStart`), the
 * pending sell quantities, the reserved cash and today's trading cash, in one statement; null when
 * the user has no active account. Each aggregate is a lateral subquery over the owner's own rows.
 */
export async function readPortfolioRows(
  db: Db,
  args: { userId: string; dayStart: Date },
): Promise<PortfolioRows | null> {
  const accountFigures = db
    .select({
      reservedCash: text(sql`(select sum(${orders.reservedCash}) from ${orders}
        where ${orders.accountId} = ${paperAccounts.id} and ${orders.status} = 'pending')`).as('reserved_cash'),
      tradingToday: text(sql`(select sum(${cashLedger.amount}) from ${cashLedger}
        where ${cashLedger.accountId} = ${paperAccounts.id} and ${cashLedger.at} >= ${args.dayStart}
        and ${cashLedger.kind} not in ('opening', 'deposit'))`).as('trading_today'),
    })
    .from(sql`(select 1) as one`)
    .as('account_figures');
  const today = db
    .select({
      fills: sql<number>`count(*)::int`.as('fills'),
      bought: text(sql`sum(${fills.quantity}) filter (where ${fills.side} = 'buy')`).as('bought'),
      sold: text(sql`sum(${fills.quantity}) filter (where ${fills.side} = 'sell')`).as('sold'),
      paid: text(
        sql`sum(${fills.grossAmount} + ${fills.commission} + ${fills.slippage}) filter (where ${fills.side} = 'buy')`,
      ).as('paid'),
      received: text(
        sql`sum(${fills.grossAmount} - ${fills.commission} - ${fills.slippage}) filter (where ${fills.side} = 'sell')`,
      ).as('received'),
    })
    .from(fills)
    .where(
      and(
        eq(fills.accountId, positions.accountId),
        eq(fills.symbol, positions.symbol),
        gte(fills.filledAt, args.dayStart),
      ),
    )
    .as('today');
  const pendingSells = db
    .select({
      quantity: text(sql`sum(${orders.quantity} - ${orders.filledQuantity})`).as('pending_sell_quantity'),
    })
    .from(orders)
    .where(
      sql`${orders.accountId} = ${positions.accountId} and ${orders.symbol} = ${positions.symbol}
        and ${orders.status} = 'pending' and ${orders.side} = 'sell'`,
    )
    .as('pending_sells');

  const rows = await db
    .select({
      account: paperAccounts,
      reservedCash: accountFigures.reservedCash,
      tradingToday: accountFigures.tradingToday,
      position: positions,
      today: { fills: today.fills, bought: today.bought, sold: today.sold, paid: today.paid, received: today.received },
      reservedQuantity: pendingSells.quantity,
    })
    .from(paperAccounts)
    .crossJoinLateral(accountFigures)
    .leftJoin(positions, eq(positions.accountId, paperAccounts.id))
    .leftJoinLateral(today, sql`true`)
    .leftJoinLateral(pendingSells, sql`true`)
    .where(sql`${paperAccounts.userId} = ${args.userId} and ${paperAccounts.status} = 'active'`);
  const [first] = rows;
  if (!first) return null;
  return {
    account: first.account,
    reservedCash: first.reservedCash,
    tradingToday: first.tradingToday,
    positions: rows.flatMap(({ position, today, reservedQuantity }) =>
      position ? [{ row: position, today: today!, reservedQuantity: reservedQuantity! }] : [],
    ),
  };
}
