import {
  type Allocation,
  type CurrencyCode,
  type Forward,
  type Invoice,
  type InvoiceDirection,
  type Payment,
} from '@tp/shared';
import { amount, ZERO, type Amount } from '../trading';
import { moneyText, rateText } from './desk-math';
import type { deskForwards, deskInvoices, deskPayments } from './desk.tables';

/** Desk rows as the contract's answers (docs/desk.md): money at its currency's minor units, rates at 10 digits. */

export type InvoiceRow = typeof deskInvoices.$inferSelect;
export type ForwardRow = typeof deskForwards.$inferSelect;
export type PaymentRow = typeof deskPayments.$inferSelect;
export interface AllocationRow {
  forwardId: string;
  invoiceId: string;
  amount: string;
}

export const iso = (value: Date) => value.toISOString();

/** +1 where the user is owed (a gain when the currency rises), −1 where they owe. */
export const signOf = (direction: InvoiceDirection): 1 | -1 => (direction === 'receivable' ? 1 : -1);

export function openAmountOf(row: Pick<InvoiceRow, 'amount' | 'paidAmount' | 'status'>): Amount {
  return row.status === 'cancelled' ? ZERO : amount(row.amount).minus(row.paidAmount);
}

export const allocationView = (row: AllocationRow, currency: CurrencyCode): Allocation => ({
  forwardId: row.forwardId,
  invoiceId: row.invoiceId,
  amount: moneyText(amount(row.amount), currency),
});

export function invoiceView(
  row: InvoiceRow,
  allocations: AllocationRow[],
  fileName: string | null,
  spot: Amount,
): Invoice {
  const currency = row.currency;
  const home = row.homeCurrency;
  const open = openAmountOf(row);
  const hedged = allocations.reduce((sum, allocation) => sum.plus(allocation.amount), ZERO);
  const revaluation = open.mul(spot.minus(row.bookedRate)).mul(signOf(row.direction));
  return {
    id: row.id,
    counterparty: row.counterparty,
    reference: row.reference,
    direction: row.direction,
    currency,
    amount: moneyText(amount(row.amount), currency),
    paidAmount: moneyText(amount(row.paidAmount), currency),
    openAmount: moneyText(open, currency),
    hedgedAmount: moneyText(hedged, currency),
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    incoterm: row.incoterm,
    goods: row.goods,
    notes: row.notes,
    fileId: row.fileId,
    fileName,
    status: row.status,
    homeCurrency: home,
    bookedRate: rateText(amount(row.bookedRate)),
    bookedHomeAmount: moneyText(amount(row.bookedHomeAmount), home),
    spot: rateText(spot),
    revaluation: moneyText(revaluation, home),
    realisedGainLoss: moneyText(amount(row.realisedGainLoss), home),
    allocations: allocations.map((allocation) => allocationView(allocation, currency)),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

export function paymentView(
  row: PaymentRow,
  invoice: Pick<InvoiceRow, 'reference' | 'currency' | 'homeCurrency'>,
): Payment {
  return {
    id: row.id,
    invoiceId: row.invoiceId,
    invoiceReference: invoice.reference,
    currency: invoice.currency,
    amount: moneyText(amount(row.amount), invoice.currency),
    date: row.date,
    method: row.method,
    forwardId: row.forwardId,
    rate: rateText(amount(row.rate)),
    homeCurrency: invoice.homeCurrency,
    homeAmount: moneyText(amount(row.homeAmount), invoice.homeCurrency),
    bookedHomeAmount: moneyText(amount(row.bookedHomeAmount), invoice.homeCurrency),
    realisedGainLoss: moneyText(amount(row.realisedGainLoss), invoice.homeCurrency),
    createdAt: iso(row.createdAt),
  };
}

export interface ForwardAllocationRow extends AllocationRow {
  invoiceReference: string;
  counterparty: string;
}

/** A forward's answer; `mark` is today's forward rate and value while it is live. */
export function forwardView(
  row: ForwardRow,
  allocations: ForwardAllocationRow[],
  mark: { currentForwardRate: Amount; markToMarket: Amount } | null,
): Forward {
  const money = (value: string | null, currency: CurrencyCode) =>
    value === null ? null : moneyText(amount(value), currency);
  return {
    id: row.id,
    currency: row.currency,
    homeCurrency: row.homeCurrency,
    side: row.side,
    amount: moneyText(amount(row.amount), row.currency),
    deliveredAmount: moneyText(amount(row.deliveredAmount), row.currency),
    maturityDate: row.maturityDate,
    bookedAt: iso(row.bookedAt),
    spotAtBooking: rateText(amount(row.spotAtBooking)),
    forwardRate: rateText(amount(row.forwardRate)),
    forwardPoints: rateText(amount(row.forwardRate).minus(row.spotAtBooking)),
    status: row.status,
    allocations: allocations.map((allocation) => ({
      ...allocationView(allocation, row.currency),
      invoiceReference: allocation.invoiceReference,
      counterparty: allocation.counterparty,
    })),
    currentForwardRate: mark ? rateText(mark.currentForwardRate) : null,
    markToMarket: mark ? moneyText(mark.markToMarket, row.homeCurrency) : null,
    endedAt: row.endedAt ? iso(row.endedAt) : null,
    settlementRate: row.settlementRate === null ? null : rateText(amount(row.settlementRate)),
    realisedGainLoss: money(row.realisedGainLoss, row.homeCurrency),
    rolledFromId: row.rolledFromId,
    rolledToId: row.rolledToId,
    carriedGainLoss: money(row.carriedGainLoss, row.homeCurrency),
    createdAt: iso(row.createdAt),
  };
}
