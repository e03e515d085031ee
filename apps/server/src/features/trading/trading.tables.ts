import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { OrderSide, OrderStatus, OrderType, RejectCode, TimeInForce } from '@tp/shared';
import { createdAt, updatedAt } from '../../db/columns';
import { ownerId } from '../users/users.tables';
import type { LedgerKind } from './accounting';

/**
 * Paper-trading tables. Money is numeric
 * with cents, prices and quantities numeric with the scales the engine uses (money.ts); the
 * account row is what order placement and matching lock.
 */

const money = (name: string) => numeric(name, { precision: 20, scale: 2 });
const price = (name: string) => numeric(name, { precision: 24, scale: 10 });
const quantity = (name: string) => numeric(name, { precision: 20, scale: 8 });
/** A user's paper account. A reset closes it and opens a new one, so the old history stays readable. */
export const paperAccounts = pgTable(
  'paper_accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    status: text('status').$type<'active' | 'closed'>().notNull().default('active'),
    currency: text('currency').notNull().default('USD'),
    openingCash: money('opening_cash').notNull(),
    /** Always the sum of the account's ledger rows; kept here so one locked row answers "how much cash". */
    cashBalance: money('cash_balance').notNull(),
    /** Bumped by every write to the account's books: a write computed from an older version is refused. */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('paper_accounts_one_active_key')
      .on(t.userId)
      .where(sql`${t.status} = 'active'`),
    index('paper_accounts_user_idx').on(t.userId, t.createdAt),
    check('paper_accounts_cash_check', sql`${t.cashBalance} >= 0`),
  ],
);

const accountId = () =>
  uuid('account_id')
    .notNull()
    .references(() => paperAccounts.id, { onDelete: 'cascade' });

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId(),
    /** The owner, beside the account: another user's order is a 404, and idempotency keys are per user. */
    userId: ownerId(),
    symbol: text('symbol').notNull(),
    side: text('side').$type<OrderSide>().notNull(),
    type: text('type').$type<OrderType>().notNull(),
    timeInForce: text('time_in_force').$type<TimeInForce>().notNull(),
    quantity: quantity('quantity').notNull(),
    filledQuantity: quantity('filled_quantity').notNull().default('0'),
    limitPrice: price('limit_price'),
    stopPrice: price('stop_price'),
    avgFillPrice: price('avg_fill_price'),
    status: text('status').$type<OrderStatus>().notNull().default('pending'),
    rejectCode: text('reject_code').$type<RejectCode>(),
    rejectReason: text('reject_reason'),
    /** Placed by the user, or by the engine when a position's stop-loss or take-profit was crossed. */
    source: text('source').$type<'user' | 'stop_loss' | 'take_profit'>().notNull().default('user'),
    idempotencyKey: text('idempotency_key'),
    /** SHA-256 of the request body: a retried key with another body is refused, not replayed. */
    requestHash: text('request_hash'),
    /** The engine's state (order-rules.ts WorkingOrder): live from, expiry, trigger, whether it rested. */
    activeFrom: timestamp('active_from', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    triggeredAt: timestamp('triggered_at', { withTimezone: true }),
    rested: boolean('rested').notNull().default(false),
    /** The last market second the matching job looked at; it resumes after it. */
    checkedUntil: timestamp('checked_until', { withTimezone: true }),
    /** Cash a pending buy holds back from new orders (its remainder at its limit or stop, with charges); 0 otherwise. */
    reservedCash: money('reserved_cash').notNull().default('0'),
    /** Commission and configured slippage charged on its fills so far. */
    fees: money('fees').notNull().default('0'),
    /** Bumped by every change of the order's state: a writer that read an older version changes nothing. */
    version: integer('version').notNull().default(0),
    createdAt: createdAt(),
    /** When the order reached its current status (or was last amended). */
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('orders_idempotency_key')
      .on(t.userId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    index('orders_account_created_idx').on(t.accountId, t.createdAt),
    index('orders_user_symbol_created_idx').on(t.userId, t.symbol, t.createdAt),
    index('orders_pending_idx')
      .on(t.symbol, t.checkedUntil)
      .where(sql`${t.status} = 'pending'`),
    index('orders_account_pending_idx')
      .on(t.accountId)
      .where(sql`${t.status} = 'pending'`),
    check(
      'orders_quantity_check',
      sql`${t.quantity} > 0 AND ${t.filledQuantity} >= 0 AND ${t.filledQuantity} <= ${t.quantity}`,
    ),
  ],
);

/** One execution of an order at one market second (an order may fill in several). */
export const fills = pgTable(
  'fills',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    accountId: accountId(),
    symbol: text('symbol').notNull(),
    side: text('side').$type<OrderSide>().notNull(),
    quantity: quantity('quantity').notNull(),
    /** Average price of the legs, per unit of price. */
    price: price('price').notNull(),
    /** The order book levels taken: [{price, quantity}] as decimal text. */
    legs: jsonb('legs').$type<Array<{ price: string; quantity: string }>>().notNull(),
    liquidity: text('liquidity').$type<'taker' | 'maker'>().notNull(),
    /** Cash posted for the traded value (cents, unsigned), and the charges posted beside it. */
    grossAmount: money('gross_amount').notNull(),
    commission: money('commission').notNull().default('0'),
    slippage: money('slippage').notNull().default('0'),
    /** What a sale realized, net of its charges; null for a purchase. */
    realizedPnl: money('realized_pnl'),
    /** The market second it filled at. */
    filledAt: timestamp('filled_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('fills_account_filled_idx').on(t.accountId, t.filledAt), index('fills_order_idx').on(t.orderId)],
);

export const positions = pgTable(
  'positions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountId(),
    symbol: text('symbol').notNull(),
    quantity: quantity('quantity').notNull().default('0'),
    costBasis: money('cost_basis').notNull().default('0'),
    realizedPnl: money('realized_pnl').notNull().default('0'),
    stopLoss: price('stop_loss'),
    takeProfit: price('take_profit'),
    /** The last market second the engine compared with the levels; it resumes after it. */
    levelsCheckedUntil: timestamp('levels_checked_until', { withTimezone: true }),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('positions_account_symbol_key').on(t.accountId, t.symbol),
    index('positions_levels_idx')
      .on(t.symbol)
      .where(sql`${t.stopLoss} IS NOT NULL OR ${t.takeProfit} IS NOT NULL`),
    check('positions_quantity_check', sql`${t.quantity} >= 0 AND ${t.costBasis} >= 0`),
  ],
);

/** Every cash movement; an account's cash is the sum of its rows (the first is the opening deposit). */
export const cashLedger = pgTable(
  'cash_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    accountId: accountId(),
    kind: text('kind').$type<LedgerKind>().notNull(),
    amount: money('amount').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    fillId: uuid('fill_id').references(() => fills.id, { onDelete: 'cascade' }),
    /** When it took effect: the fill's market second, or the account's opening. */
    at: timestamp('at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('cash_ledger_account_at_idx').on(t.accountId, t.at)],
);

/** GET/PATCH /api/preferences/trading; defaults are DEFAULT_TRADING_PREFERENCES. */
export const tradingPreferences = pgTable('trading_preferences', {
  userId: ownerId().primaryKey(),
  darkMode: boolean('dark_mode').notNull().default(false),
  defaultOrderType: text('default_order_type').$type<OrderType>().notNull().default('market'),
  confirmOrders: boolean('confirm_orders').notNull().default(true),
  favoriteInstruments: text('favorite_instruments')
    .array()
    .notNull()
    .default(sql`ARRAY['AAPL','GOOGL','MSFT']::text[]`),
  updatedAt: updatedAt(),
});
