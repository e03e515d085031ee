import { z } from 'zod';
import { envelopeSchema } from './common';
import { decimalStringSchema } from './decimals';
import {
  CURRENCY_CODES,
  CURRENCY_MINOR_UNITS,
  currencyCodeSchema,
  DESK_LIMITS,
  DESK_MESSAGES,
  exceedsMinorUnits,
  incotermSchema,
  invoiceDirectionSchema,
  invoiceStatusSchema,
  paymentMethodSchema,
} from './desk-basics';
import { amountInput, moneySchema, optionalText, rateSchema } from './desk-fields';
import { isoTimestampSchema } from './market';
import { calendarDateSchema } from './time-zone';
import { text } from './text';

/** POST /api/desk/invoices */
export const invoiceInputSchema = z
  .object({
    counterparty: text().trim().min(1, 'is required').max(DESK_LIMITS.counterpartyMax),
    reference: text().trim().min(1, 'is required').max(DESK_LIMITS.referenceMax),
    direction: invoiceDirectionSchema,
    currency: currencyCodeSchema,
    amount: amountInput,
    issueDate: calendarDateSchema,
    dueDate: calendarDateSchema,
    incoterm: incotermSchema.nullable().optional(),
    goods: optionalText(DESK_LIMITS.goodsMax),
    notes: optionalText(DESK_LIMITS.notesMax),
    fileId: text().max(40).nullable().optional(),
  })
  .strict()
  .superRefine((invoice, context) => {
    if (invoice.dueDate < invoice.issueDate) {
      context.addIssue({ code: 'custom', path: ['dueDate'], message: DESK_MESSAGES.dueBeforeIssue });
    }
    if (exceedsMinorUnits(invoice.amount, invoice.currency)) {
      context.addIssue({
        code: 'custom',
        path: ['amount'],
        message: DESK_MESSAGES.tooManyDecimals(invoice.currency, CURRENCY_MINOR_UNITS[invoice.currency]),
      });
    }
  });
export type InvoiceInput = z.input<typeof invoiceInputSchema>;
export type ParsedInvoiceInput = z.output<typeof invoiceInputSchema>;

/** PATCH /api/desk/invoices/{id}: descriptive fields, the due date, the amount, or cancelling. */
export const invoicePatchSchema = z
  .object({
    counterparty: text().trim().min(1, 'is required').max(DESK_LIMITS.counterpartyMax).optional(),
    reference: text().trim().min(1, 'is required').max(DESK_LIMITS.referenceMax).optional(),
    amount: amountInput.optional(),
    dueDate: calendarDateSchema.optional(),
    incoterm: incotermSchema.nullable().optional(),
    goods: optionalText(DESK_LIMITS.goodsMax),
    notes: optionalText(DESK_LIMITS.notesMax),
    fileId: text().max(40).nullable().optional(),
    status: z.literal('cancelled').optional(),
  })
  .strict()
  .refine((patch) => Object.values(patch).some((value) => value !== undefined), {
    message: 'name at least one field to change',
  });
export type InvoicePatch = z.input<typeof invoicePatchSchema>;

export const allocationSchema = z.object({
  forwardId: text().max(40),
  invoiceId: text().max(40),
  /** Still allocated (not yet delivered), in the currency. */
  amount: decimalStringSchema,
});
export type Allocation = z.infer<typeof allocationSchema>;

export const invoiceSchema = z.object({
  id: text().max(40),
  counterparty: text(),
  reference: text(),
  direction: invoiceDirectionSchema,
  currency: z.enum(CURRENCY_CODES),
  amount: decimalStringSchema,
  paidAmount: decimalStringSchema,
  openAmount: decimalStringSchema,
  /** The open amount covered by live forward allocations. */
  hedgedAmount: decimalStringSchema,
  issueDate: calendarDateSchema,
  dueDate: calendarDateSchema,
  incoterm: incotermSchema.nullable(),
  goods: text().nullable(),
  notes: text().nullable(),
  fileId: text().nullable(),
  fileName: text().nullable(),
  status: invoiceStatusSchema,
  homeCurrency: z.enum(CURRENCY_CODES),
  bookedRate: rateSchema,
  bookedHomeAmount: decimalStringSchema,
  /** Today's spot and the open amount's unrealised gain (+) or loss (−) against the booked rate, home. */
  spot: rateSchema,
  revaluation: moneySchema,
  /** Sum of the payments' realised gains and losses, home. */
  realisedGainLoss: moneySchema,
  allocations: z.array(allocationSchema),
  createdAt: isoTimestampSchema,
  updatedAt: isoTimestampSchema,
});
export type Invoice = z.infer<typeof invoiceSchema>;
export const invoiceResponseSchema = envelopeSchema(invoiceSchema);

/** GET /api/desk/invoices?status&currency&direction&page&limit */
export const invoiceQuerySchema = z.object({
  status: invoiceStatusSchema.optional(),
  currency: currencyCodeSchema.optional(),
  direction: invoiceDirectionSchema.optional(),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(DESK_LIMITS.invoicesPageMax).default(DESK_LIMITS.invoicesPageDefault),
});
export const invoiceListResponseSchema = envelopeSchema(
  z.object({
    invoices: z.array(invoiceSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
);

/** POST /api/desk/invoices/{id}/payments */
export const paymentInputSchema = z
  .object({
    amount: amountInput,
    date: calendarDateSchema,
    method: paymentMethodSchema.default('spot'),
    forwardId: text().max(40).optional(),
  })
  .strict()
  .superRefine((payment, context) => {
    if (payment.method === 'forward' && !payment.forwardId) {
      context.addIssue({ code: 'custom', path: ['forwardId'], message: 'is required for a payment against a forward' });
    }
    if (payment.method === 'spot' && payment.forwardId) {
      context.addIssue({ code: 'custom', path: ['forwardId'], message: 'is only used with method "forward"' });
    }
  });
export type PaymentInput = z.input<typeof paymentInputSchema>;

export const paymentSchema = z.object({
  id: text().max(40),
  invoiceId: text().max(40),
  invoiceReference: text(),
  currency: z.enum(CURRENCY_CODES),
  amount: decimalStringSchema,
  date: calendarDateSchema,
  method: paymentMethodSchema,
  forwardId: text().nullable(),
  /** The rate used: the spot of `date`, or the forward's rate. */
  rate: rateSchema,
  homeCurrency: z.enum(CURRENCY_CODES),
  homeAmount: decimalStringSchema,
  bookedHomeAmount: decimalStringSchema,
  realisedGainLoss: moneySchema,
  createdAt: isoTimestampSchema,
});
export type Payment = z.infer<typeof paymentSchema>;
export const paymentResponseSchema = envelopeSchema(z.object({ payment: paymentSchema, invoice: invoiceSchema }));

// capture from an uploaded invoice

/** POST /api/desk/invoices/capture {fileId}: proposes fields, writes nothing. */
export const captureRequestSchema = z.object({ fileId: text().trim().min(1, 'is required').max(40) }).strict();
const proposed = <T extends z.ZodType>(value: T) =>
  z.object({
    value: value.nullable(),
    /** 0 to 1: how sure the reader is (1: labelled and unambiguous). */
    confidence: z.number().min(0).max(1),
    /** The words of the document the value was read from, for the user to check. */
    source: text().max(200).nullable(),
  });
export const captureSchema = z.object({
  fileId: text(),
  fileName: text(),
  /** false when the file has no readable text (a scan, or text extraction gave up). */
  textFound: z.boolean(),
  reference: proposed(text()),
  counterparty: proposed(text()),
  currency: proposed(z.enum(CURRENCY_CODES)),
  amount: proposed(decimalStringSchema),
  issueDate: proposed(calendarDateSchema),
  dueDate: proposed(calendarDateSchema),
  direction: proposed(invoiceDirectionSchema),
});
export type Capture = z.infer<typeof captureSchema>;
export const captureResponseSchema = envelopeSchema(captureSchema);
