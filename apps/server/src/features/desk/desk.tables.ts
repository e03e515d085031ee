import { sql } from 'drizzle-orm';
import {
  check,
  date,
  index,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  BucketKey,
  CurrencyCode,
  DeskAlerts,
  ForwardSide,
  ForwardStatus,
  Incoterm,
  InvoiceDirection,
  InvoiceStatus,
  PaymentMethod,
} from '@tp/shared';
import { createdAt, updatedAt } from '../../db/columns';
import { contentFiles } from '../content/content.tables';
import { ownerId } from '../users/users.tables';

/**
 * The exporter desk's books (docs/desk.md). Amounts are numeric with two decimals (a JPY or VND
 * amount is whole); rates are numeric without a scale, carrying their 10 significant digits exactly.
 */

const amount = (name: string) => numeric(name, { precision: 22, scale: 2 });
const rate = (name: string) => numeric(name);
const currency = (name: string) => text(name).$type<CurrencyCode>();

export const deskInvoices = pgTable(
  'desk_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    counterparty: text('counterparty').notNull(),
    reference: text('reference').notNull(),
    direction: text('direction').$type<InvoiceDirection>().notNull(),
    currency: currency('currency').notNull(),
    amount: amount('amount').notNull(),
    paidAmount: amount('paid_amount').notNull().default('0'),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    incoterm: text('incoterm').$type<Incoterm>(),
    goods: text('goods'),
    notes: text('notes'),
    fileId: uuid('file_id').references(() => contentFiles.id, { onDelete: 'set null' }),
    status: text('status').$type<InvoiceStatus>().notNull().default('open'),
    homeCurrency: currency('home_currency').notNull(),
    bookedRate: rate('booked_rate').notNull(),
    bookedHomeAmount: amount('booked_home_amount').notNull(),
    /**
     * The booked home amounts of the payments so far: the last payment takes the rest
     * (docs/desk.md#4-payments-and-realised-gains).
     */
    paidBookedHomeAmount: amount('paid_booked_home_amount').notNull().default('0'),
    realisedGainLoss: amount('realised_gain_loss').notNull().default('0'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('desk_invoices_user_due_idx').on(t.userId, t.dueDate),
    index('desk_invoices_user_created_idx').on(t.userId, t.createdAt),
    check('desk_invoices_amount_check', sql`${t.amount} > 0`),
    check('desk_invoices_paid_check', sql`${t.paidAmount} >= 0 and ${t.paidAmount} <= ${t.amount}`),
    check('desk_invoices_dates_check', sql`${t.dueDate} >= ${t.issueDate}`),
  ],
);

export const deskForwards = pgTable(
  'desk_forwards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    currency: currency('currency').notNull(),
    homeCurrency: currency('home_currency').notNull(),
    side: text('side').$type<ForwardSide>().notNull(),
    amount: amount('amount').notNull(),
    deliveredAmount: amount('delivered_amount').notNull().default('0'),
    maturityDate: date('maturity_date', { mode: 'string' }).notNull(),
    bookedAt: timestamp('booked_at', { withTimezone: true }).notNull(),
    spotAtBooking: rate('spot_at_booking').notNull(),
    forwardRate: rate('forward_rate').notNull(),
    status: text('status').$type<ForwardStatus>().notNull().default('live'),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    settlementRate: rate('settlement_rate'),
    realisedGainLoss: amount('realised_gain_loss'),
    rolledFromId: uuid('rolled_from_id'),
    rolledToId: uuid('rolled_to_id'),
    carriedGainLoss: amount('carried_gain_loss'),
    /** A retried booking with the same Idempotency-Key returns this forward. */
    idempotencyKey: text('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: createdAt(),
  },
  (t) => [
    index('desk_forwards_user_idx').on(t.userId, t.status, t.maturityDate),
    index('desk_forwards_live_maturity_idx')
      .on(t.maturityDate)
      .where(sql`${t.status} = 'live'`),
    uniqueIndex('desk_forwards_idempotency_key').on(t.userId, t.idempotencyKey),
    check('desk_forwards_amount_check', sql`${t.amount} > 0`),
    check('desk_forwards_delivered_check', sql`${t.deliveredAmount} >= 0 and ${t.deliveredAmount} <= ${t.amount}`),
  ],
);

/** What part of a live forward is set aside for an invoice: the amount still to be delivered to it. */
export const deskAllocations = pgTable(
  'desk_allocations',
  {
    forwardId: uuid('forward_id')
      .notNull()
      .references(() => deskForwards.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => deskInvoices.id, { onDelete: 'cascade' }),
    userId: ownerId(),
    amount: amount('amount').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.forwardId, t.invoiceId] }),
    index('desk_allocations_invoice_idx').on(t.invoiceId),
    check('desk_allocations_amount_check', sql`${t.amount} > 0`),
  ],
);

export const deskPayments = pgTable(
  'desk_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: ownerId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => deskInvoices.id, { onDelete: 'cascade' }),
    amount: amount('amount').notNull(),
    date: date('date', { mode: 'string' }).notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    forwardId: uuid('forward_id').references(() => deskForwards.id, { onDelete: 'set null' }),
    rate: rate('rate').notNull(),
    homeAmount: amount('home_amount').notNull(),
    bookedHomeAmount: amount('booked_home_amount').notNull(),
    realisedGainLoss: amount('realised_gain_loss').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('desk_payments_user_idx').on(t.userId, t.createdAt),
    index('desk_payments_invoice_idx').on(t.invoiceId),
    check('desk_payments_amount_check', sql`${t.amount} > 0`),
  ],
);

/** One per user once saved; until then the defaults apply (docs/desk.md#6-the-hedge-view). */
export const deskPolicies = pgTable('desk_policies', {
  userId: ownerId().primaryKey(),
  targetRatios: jsonb('target_ratios').$type<Record<BucketKey, string>>().notNull(),
  budgetRates: jsonb('budget_rates').$type<Partial<Record<CurrencyCode, string>>>().notNull(),
  alerts: jsonb('alerts').$type<DeskAlerts>().notNull(),
  /** The last day (in the user's zone) an alert e-mail went out, and each budget rate's side at the last check. */
  lastAlertOn: date('last_alert_on', { mode: 'string' }),
  budgetSides: jsonb('budget_sides').$type<Partial<Record<CurrencyCode, 'above' | 'below'>>>().notNull().default({}),
  updatedAt: updatedAt(),
});
