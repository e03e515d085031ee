import { z } from 'zod';
import { DECIMAL_MAX_LENGTH } from './decimals';
import { text } from './text';

/** The desk's currencies, enums, limits and messages (docs/desk.md). */

export const DESK_BASE = '/api/desk';

export const CURRENCY_CODES = [
  'USD',
  'EUR',
  'GBP',
  'JPY',
  'CHF',
  'CAD',
  'AUD',
  'CNY',
  'INR',
  'BRL',
  'MXN',
  'ZAR',
  'TRY',
  'VND',
] as const;
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

/** ISO 4217 minor units: how many decimals an amount in the currency may carry. */
export const CURRENCY_MINOR_UNITS: Record<CurrencyCode, number> = {
  USD: 2,
  EUR: 2,
  GBP: 2,
  JPY: 0,
  CHF: 2,
  CAD: 2,
  AUD: 2,
  CNY: 2,
  INR: 2,
  BRL: 2,
  MXN: 2,
  ZAR: 2,
  TRY: 2,
  VND: 0,
};

export const DEFAULT_HOME_CURRENCY: CurrencyCode = 'USD';

export const currencyCodeSchema = text()
  .trim()
  .toUpperCase()
  .pipe(
    z.enum(CURRENCY_CODES, {
      error: () => `must be one of the desk's currencies: ${CURRENCY_CODES.join(', ')}`,
    }),
  );

/** The eleven Incoterms 2020 rules. */
export const INCOTERMS = ['EXW', 'FCA', 'CPT', 'CIP', 'DAP', 'DPU', 'DDP', 'FAS', 'FOB', 'CFR', 'CIF'] as const;
export const incotermSchema = z.enum(INCOTERMS, {
  error: () => `must be an Incoterms 2020 rule: ${INCOTERMS.join(', ')}`,
});
export type Incoterm = z.infer<typeof incotermSchema>;

export const INVOICE_DIRECTIONS = ['receivable', 'payable'] as const;
export const invoiceDirectionSchema = z.enum(INVOICE_DIRECTIONS);
export type InvoiceDirection = z.infer<typeof invoiceDirectionSchema>;

export const INVOICE_STATUSES = ['open', 'partly_paid', 'paid', 'cancelled'] as const;
export const invoiceStatusSchema = z.enum(INVOICE_STATUSES);
export type InvoiceStatus = z.infer<typeof invoiceStatusSchema>;

/** A sell forward hedges receivables; a buy forward hedges payables. */
export const FORWARD_SIDES = ['sell', 'buy'] as const;
export const forwardSideSchema = z.enum(FORWARD_SIDES);
export type ForwardSide = z.infer<typeof forwardSideSchema>;
export const FORWARD_SIDE_OF: Record<InvoiceDirection, ForwardSide> = { receivable: 'sell', payable: 'buy' };

/** live → settled at maturity; live → closed early; live → rolled (closed and booked again later). */
export const FORWARD_STATUSES = ['live', 'settled', 'closed', 'rolled'] as const;
export const forwardStatusSchema = z.enum(FORWARD_STATUSES);
export type ForwardStatus = z.infer<typeof forwardStatusSchema>;

export const PAYMENT_METHODS = ['spot', 'forward'] as const;
export const paymentMethodSchema = z.enum(PAYMENT_METHODS);
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const DESK_LIMITS = {
  minMaturityDays: 2,
  maxMaturityMonths: 24,
  /** Significant digits of every rate (spot, forward, booked, budget). */
  rateSignificantDigits: 10,
  counterpartyMax: 120,
  referenceMax: 60,
  goodsMax: 200,
  notesMax: 2_000,
  invoicesPageDefault: 50,
  invoicesPageMax: 200,
  maxAllocations: 50,
  /** Days before its due date an unpaid invoice is in the alert e-mail. */
  invoiceDueAlertDays: 7,
  /** Days before its maturity a live forward is in the alert e-mail. */
  forwardMaturityAlertDays: 3,
  scenarioShocks: ['-0.10', '-0.05', '0.05', '0.10'],
} as const;

export const DESK_MESSAGES = {
  invoiceNotFound: 'Invoice not found',
  forwardNotFound: 'Forward not found',
  fileNotFound: 'File not found',
  /** Capture from a file whose text the content hub has not read yet (409). */
  textPending: "The file's text is still being read; try again in a moment",
  dueBeforeIssue: 'dueDate must not be before issueDate',
  issueInFuture: 'issueDate must not be after today',
  paymentInFuture: 'date must not be after today',
  paymentBeforeIssue: "date must not be before the invoice's issueDate",
  tooManyDecimals: (currency: string, places: number) =>
    places === 0 ? `${currency} amounts are whole numbers` : `${currency} amounts have at most ${places} decimals`,
  maturityTooSoon: 'maturityDate must be at least 2 days after today',
  maturityTooLate: 'maturityDate must be at most 24 months after today',
  rollNotLater: 'maturityDate must be after the forward’s current maturity',
  homeCurrencyForward: 'a forward needs a currency other than your home currency',
  overpaid: (open: string) => `amount is more than the ${open} still open on this invoice`,
  hedgedPart: (unhedged: string) =>
    `only ${unhedged} of this invoice is not covered by a forward: record the rest against the forward, or close the forward first`,
  overAllocatedInvoice: (available: string) => `amount is more than the ${available} of this invoice not yet hedged`,
  overAllocatedForward: 'the allocations add up to more than the forward’s amount',
  allocationMismatch: 'a sell forward hedges receivables and a buy forward payables, in the forward’s currency',
  allocationMissing: 'this invoice has no live allocation from that forward',
  forwardNotLive: 'Only a live forward can be closed or rolled',
  notOpen: 'Only an open or partly paid invoice can take payments and allocations',
  hasPayments: 'An invoice with payments cannot be deleted; cancel it instead',
  amountBelowUsed: (used: string) => `amount must not be below the ${used} already paid or hedged`,
  homeCurrencyLocked: 'Your home currency can change only while the desk holds no invoices or forwards',
} as const;

/** Decimals an amount text carries beyond its currency's minor units, for the route's 400. */
export function exceedsMinorUnits(amount: string, currency: CurrencyCode): boolean {
  const fraction = amount.split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length > CURRENCY_MINOR_UNITS[currency];
}

/** A rate: 10 significant digits, so a small currency's rate in a large one keeps its precision ("0.00003812345678"). */
export const rateStringSchema = text()
  .max(DECIMAL_MAX_LENGTH)
  .regex(/^\d{1,15}(\.\d{1,20})?$/, 'must be a rate such as 1.0850');
