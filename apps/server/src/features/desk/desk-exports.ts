import { asc, eq } from 'drizzle-orm';
import type { DeskExport } from '@tp/shared';
import type { Deps } from '../../deps';
import { toCsv, type CsvCell } from '../../plugins/csv';
import { amount } from '../trading';
import { moneyText, rateText } from './desk-math';
import { deskForwards, deskInvoices } from './desk.tables';
import { openAmountOf } from './desk-views';
import { listPayments } from './payments.service';

/** The desk's CSV exports (docs/desk.md#8-exports): one row per record, the owner's only, oldest first. */

const rate = (value: string | null) => (value === null ? null : rateText(amount(value)));
const isoTime = (value: Date | null) => (value ? value.toISOString() : null);

async function invoiceRows(deps: Deps, userId: string): Promise<CsvCell[][]> {
  const rows = await deps.db
    .select()
    .from(deskInvoices)
    .where(eq(deskInvoices.userId, userId))
    .orderBy(asc(deskInvoices.issueDate), asc(deskInvoices.createdAt));
  return rows.map((row) => [
    row.reference,
    row.counterparty,
    row.direction,
    row.currency,
    moneyText(amount(row.amount), row.currency),
    moneyText(amount(row.paidAmount), row.currency),
    moneyText(openAmountOf(row), row.currency),
    row.issueDate,
    row.dueDate,
    row.incoterm,
    row.goods,
    row.status,
    row.homeCurrency,
    rate(row.bookedRate),
    moneyText(amount(row.bookedHomeAmount), row.homeCurrency),
    moneyText(amount(row.realisedGainLoss), row.homeCurrency),
    row.notes,
    row.id,
  ]);
}

async function forwardRows(deps: Deps, userId: string): Promise<CsvCell[][]> {
  const rows = await deps.db
    .select()
    .from(deskForwards)
    .where(eq(deskForwards.userId, userId))
    .orderBy(asc(deskForwards.bookedAt));
  const money = (value: string | null, currency: (typeof rows)[number]['homeCurrency']) =>
    value === null ? null : moneyText(amount(value), currency);
  return rows.map((row) => [
    row.id,
    row.side,
    row.currency,
    moneyText(amount(row.amount), row.currency),
    moneyText(amount(row.deliveredAmount), row.currency),
    row.maturityDate,
    row.bookedAt.toISOString(),
    rate(row.spotAtBooking),
    rate(row.forwardRate),
    row.status,
    isoTime(row.endedAt),
    rate(row.settlementRate),
    row.homeCurrency,
    money(row.realisedGainLoss, row.homeCurrency),
    money(row.carriedGainLoss, row.homeCurrency),
    row.rolledFromId,
  ]);
}

async function paymentRows(deps: Deps, userId: string): Promise<CsvCell[][]> {
  return (await listPayments(deps, userId)).map((payment) => [
    payment.date,
    payment.invoiceReference,
    payment.currency,
    payment.amount,
    payment.method,
    payment.forwardId,
    payment.rate,
    payment.homeCurrency,
    payment.homeAmount,
    payment.bookedHomeAmount,
    payment.realisedGainLoss,
    payment.invoiceId,
  ]);
}

const EXPORTS: Record<DeskExport, { header: string[]; rows: (deps: Deps, userId: string) => Promise<CsvCell[][]> }> = {
  invoices: {
    header: [
      'reference',
      'counterparty',
      'direction',
      'currency',
      'amount',
      'paid',
      'open',
      'issue_date',
      'due_date',
      'incoterm',
      'goods',
      'status',
      'home_currency',
      'booked_rate',
      'booked_home_amount',
      'realised_gain_loss',
      'notes',
      'id',
    ],
    rows: invoiceRows,
  },
  forwards: {
    header: [
      'id',
      'side',
      'currency',
      'amount',
      'delivered',
      'maturity_date',
      'booked_at',
      'spot_at_booking',
      'forward_rate',
      'status',
      'ended_at',
      'settlement_rate',
      'home_currency',
      'realised_gain_loss',
      'carried_gain_loss',
      'rolled_from_id',
    ],
    rows: forwardRows,
  },
  payments: {
    header: [
      'date',
      'invoice_reference',
      'currency',
      'amount',
      'method',
      'forward_id',
      'rate',
      'home_currency',
      'home_amount',
      'booked_home_amount',
      'realised_gain_loss',
      'invoice_id',
    ],
    rows: paymentRows,
  },
};

export async function deskCsv(deps: Deps, userId: string, kind: DeskExport): Promise<string> {
  const { header, rows } = EXPORTS[kind];
  return toCsv(header, await rows(deps, userId));
}
