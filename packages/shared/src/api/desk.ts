import { z } from 'zod';
import { envelopeSchema } from './common';
import { DECIMAL_MAX_LENGTH, decimalStringSchema, signedDecimalStringSchema } from './decimals';
import { isoTimestampSchema } from './market';
import { calendarDateSchema } from './time-zone';
import { text } from './text';

/**
 * The exporter desk's contract: invoices in any currency, paper FX forwards and the hedge view
 * (docs/desk.md). Paths are under /api/desk; answers are `{data, timestamp}`. Amounts, rates and
 * money travel as decimal strings; "home" figures are in the user's home currency.
 */

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

/** A positive amount in a request: a decimal string or JSON number; the currency's minor units are checked by the route. */
const amountInput = z
  .union([z.number(), text().trim().max(DECIMAL_MAX_LENGTH)])
  .transform((value) => (typeof value === 'number' ? String(value) : value))
  .pipe(
    text().superRefine((value, context) => {
      if (!/^\d{1,15}(\.\d{1,10})?$/.test(value)) {
        context.addIssue({
          code: 'custom',
          message: /^-/.test(value) ? 'must be greater than 0' : 'must be a decimal number such as 97450.00',
        });
      } else if (/^0+(\.0+)?$/.test(value)) {
        context.addIssue({ code: 'custom', message: 'must be greater than 0' });
      }
    }),
  );

/** Decimals an amount text carries beyond its currency's minor units, for the route's 400. */
export function exceedsMinorUnits(amount: string, currency: CurrencyCode): boolean {
  const fraction = amount.split('.')[1] ?? '';
  return fraction.replace(/0+$/, '').length > CURRENCY_MINOR_UNITS[currency];
}

/** A rate: 10 significant digits, so a small currency's rate in a large one keeps its precision ("0.00003812345678"). */
export const rateStringSchema = text()
  .max(DECIMAL_MAX_LENGTH)
  .regex(/^\d{1,15}(\.\d{1,20})?$/, 'must be a rate such as 1.0850');
const rateSchema = rateStringSchema;
/** A difference of rates (forward points), signed. */
const signedRateSchema = text()
  .max(DECIMAL_MAX_LENGTH + 1)
  .regex(/^-?\d{1,15}(\.\d{1,20})?$/, 'must be a rate difference such as -0.0047');
const moneySchema = signedDecimalStringSchema;

// ---------------------------------------------------------------------------------------------
// currencies and rates

export const deskCurrencySchema = z.object({
  code: z.enum(CURRENCY_CODES),
  name: text().max(40),
  /** "€", "US$", "₹" … for display only. */
  symbol: text().max(4),
  minorUnits: z.number().int().min(0).max(3),
  /** Annual interest rate in percent ("2.00"). */
  interestRate: decimalStringSchema,
  dayCountBasis: z.union([z.literal(360), z.literal(365)]),
  /** Home-currency units one unit of this currency buys now (1 for the home currency). */
  spot: rateSchema,
});
export type DeskCurrency = z.infer<typeof deskCurrencySchema>;

/** GET /api/desk/currencies */
export const deskCurrenciesResponseSchema = envelopeSchema(
  z.object({
    homeCurrency: z.enum(CURRENCY_CODES),
    /** The date the interest-rate table is as of. */
    ratesAsOf: calendarDateSchema,
    currencies: z.array(deskCurrencySchema),
  }),
);

/** GET /api/desk/rates?currency=EUR&maturity=YYYY-MM-DD */
export const deskRateQuerySchema = z.object({ currency: currencyCodeSchema, maturity: calendarDateSchema });
export const deskRateSchema = z.object({
  currency: z.enum(CURRENCY_CODES),
  homeCurrency: z.enum(CURRENCY_CODES),
  spot: rateSchema,
  forwardRate: rateSchema,
  forwardPoints: signedRateSchema,
  days: z.number().int(),
  maturity: calendarDateSchema,
  at: isoTimestampSchema,
});
export type DeskRate = z.infer<typeof deskRateSchema>;
export const deskRateResponseSchema = envelopeSchema(deskRateSchema);

// ---------------------------------------------------------------------------------------------
// invoices and payments

const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

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

// ---------------------------------------------------------------------------------------------
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

// ---------------------------------------------------------------------------------------------
// forwards

export const allocationInputSchema = z
  .object({ invoiceId: text().trim().min(1).max(40), amount: amountInput })
  .strict();

/** POST /api/desk/forwards (an Idempotency-Key header makes a retried POST book one forward). */
export const forwardInputSchema = z
  .object({
    currency: currencyCodeSchema,
    side: forwardSideSchema,
    amount: amountInput,
    maturityDate: calendarDateSchema,
    allocations: z.array(allocationInputSchema).max(DESK_LIMITS.maxAllocations).default([]),
  })
  .strict()
  .superRefine((forward, context) => {
    const places = CURRENCY_MINOR_UNITS[forward.currency];
    if (exceedsMinorUnits(forward.amount, forward.currency)) {
      context.addIssue({
        code: 'custom',
        path: ['amount'],
        message: DESK_MESSAGES.tooManyDecimals(forward.currency, places),
      });
    }
    forward.allocations.forEach((allocation, index) => {
      if (exceedsMinorUnits(allocation.amount, forward.currency)) {
        context.addIssue({
          code: 'custom',
          path: ['allocations', index, 'amount'],
          message: DESK_MESSAGES.tooManyDecimals(forward.currency, places),
        });
      }
    });
  });
export type ForwardInput = z.input<typeof forwardInputSchema>;
export type ParsedForwardInput = z.output<typeof forwardInputSchema>;

/** POST /api/desk/forwards/{id}/roll */
export const rollInputSchema = z.object({ maturityDate: calendarDateSchema }).strict();

export const forwardSchema = z.object({
  id: text().max(40),
  currency: z.enum(CURRENCY_CODES),
  homeCurrency: z.enum(CURRENCY_CODES),
  side: forwardSideSchema,
  /** Notional booked, in the currency. */
  amount: decimalStringSchema,
  /** Delivered so far (payments against it), in the currency. */
  deliveredAmount: decimalStringSchema,
  maturityDate: calendarDateSchema,
  bookedAt: isoTimestampSchema,
  spotAtBooking: rateSchema,
  /** F₀: the rate the forward delivers at. */
  forwardRate: rateSchema,
  forwardPoints: signedRateSchema,
  status: forwardStatusSchema,
  allocations: z.array(allocationSchema.extend({ invoiceReference: text(), counterparty: text() })),
  /** While live: today's forward rate for the same maturity and the mark-to-market, home. */
  currentForwardRate: rateSchema.nullable(),
  markToMarket: moneySchema.nullable(),
  /** Once ended: when, at what spot (settlement) and the realised result of what was not delivered to invoices, home. */
  endedAt: isoTimestampSchema.nullable(),
  settlementRate: rateSchema.nullable(),
  realisedGainLoss: moneySchema.nullable(),
  /** A roll: the forward this one replaced and the gain or loss it carried; the one that replaced this. */
  rolledFromId: text().nullable(),
  rolledToId: text().nullable(),
  carriedGainLoss: moneySchema.nullable(),
  createdAt: isoTimestampSchema,
});
export type Forward = z.infer<typeof forwardSchema>;
export const forwardResponseSchema = envelopeSchema(forwardSchema);
export const forwardListResponseSchema = envelopeSchema(z.object({ forwards: z.array(forwardSchema) }));
export const forwardQuerySchema = z.object({
  status: forwardStatusSchema.optional(),
  currency: currencyCodeSchema.optional(),
});
export const rollResponseSchema = envelopeSchema(z.object({ closed: forwardSchema, rolled: forwardSchema }));

// ---------------------------------------------------------------------------------------------
// policy

export const BUCKET_KEYS = ['0-3', '3-6', '6-12', '12-24'] as const;
export const bucketKeySchema = z.enum(BUCKET_KEYS);
export type BucketKey = z.infer<typeof bucketKeySchema>;
/** Upper month boundary of each bucket; the last bucket also takes anything later. */
export const BUCKET_MONTHS: Record<BucketKey, { from: number; to: number }> = {
  '0-3': { from: 0, to: 3 },
  '3-6': { from: 3, to: 6 },
  '6-12': { from: 6, to: 12 },
  '12-24': { from: 12, to: 24 },
};
export const BUCKET_LABELS: Record<BucketKey, string> = {
  '0-3': '0–3 months',
  '3-6': '3–6 months',
  '6-12': '6–12 months',
  '12-24': '12–24 months',
};

/** A ratio as a decimal fraction, 0 to 1 ("0.8" is 80 %). */
const ratioInput = z
  .union([z.number(), text().trim().max(12)])
  .transform((value) => (typeof value === 'number' ? String(value) : value))
  .pipe(
    text()
      .regex(/^\d(\.\d{1,4})?$/, 'must be a fraction from 0 to 1, e.g. 0.8')
      .refine((value) => Number(value) <= 1, 'must be a fraction from 0 to 1, e.g. 0.8'),
  );

export const DEFAULT_TARGET_RATIOS: Record<BucketKey, string> = {
  '0-3': '0.8',
  '3-6': '0.5',
  '6-12': '0.2',
  '12-24': '0',
};

export const ALERT_KINDS = ['invoiceDue', 'forwardMaturity', 'budgetRate'] as const;
export const alertsSchema = z.object({
  invoiceDue: z.boolean(),
  forwardMaturity: z.boolean(),
  budgetRate: z.boolean(),
});
export type DeskAlerts = z.infer<typeof alertsSchema>;

/** PUT /api/desk/policy replaces the whole policy. */
export const policyInputSchema = z
  .object({
    targetRatios: z.object({ '0-3': ratioInput, '3-6': ratioInput, '6-12': ratioInput, '12-24': ratioInput }).strict(),
    /** Home-currency units per unit of the currency the user budgets with; a currency left out has none. */
    budgetRates: z.partialRecord(z.enum(CURRENCY_CODES), rateStringSchema),
    alerts: alertsSchema,
  })
  .strict();
export type PolicyInput = z.input<typeof policyInputSchema>;

export const policySchema = z.object({
  targetRatios: z.record(bucketKeySchema, decimalStringSchema),
  budgetRates: z.partialRecord(z.enum(CURRENCY_CODES), rateSchema),
  alerts: alertsSchema,
  updatedAt: isoTimestampSchema.nullable(),
});
export type Policy = z.infer<typeof policySchema>;
export const policyResponseSchema = envelopeSchema(policySchema);

/** POST /api/desk/policy/proposal: the forwards that would bring each bucket to its target (writes nothing). */
export const proposedForwardSchema = z.object({
  currency: z.enum(CURRENCY_CODES),
  bucket: bucketKeySchema,
  side: forwardSideSchema,
  amount: decimalStringSchema,
  maturityDate: calendarDateSchema,
  forwardRate: rateSchema,
  /** The home amount the forward fixes: amount × forwardRate. */
  homeAmount: decimalStringSchema,
  allocations: z.array(z.object({ invoiceId: text(), invoiceReference: text(), amount: decimalStringSchema })),
});
export type ProposedForward = z.infer<typeof proposedForwardSchema>;
export const proposalResponseSchema = envelopeSchema(z.object({ forwards: z.array(proposedForwardSchema) }));

// ---------------------------------------------------------------------------------------------
// exposure

export const exposureBucketSchema = z.object({
  bucket: bucketKeySchema,
  receivable: decimalStringSchema,
  payable: decimalStringSchema,
  net: moneySchema,
  hedged: moneySchema,
  /** hedged / net as a fraction ("0.75"); null when net is 0. */
  hedgeRatio: moneySchema.nullable(),
  targetRatio: decimalStringSchema,
  /** net at today's spot, home. */
  netHome: moneySchema,
});
export type ExposureBucket = z.infer<typeof exposureBucketSchema>;

export const scenarioSchema = z.object({
  /** The spot move as a fraction ("-0.05"). */
  shock: moneySchema,
  unhedged: moneySchema,
  hedged: moneySchema,
});

export const currencyExposureSchema = z.object({
  currency: z.enum(CURRENCY_CODES),
  spot: rateSchema,
  budgetRate: rateSchema.nullable(),
  blendedSellRate: rateSchema.nullable(),
  blendedBuyRate: rateSchema.nullable(),
  buckets: z.array(exposureBucketSchema),
  /** Unrealised gain (+) or loss (−) of the open invoices against their booked rates, home. */
  revaluation: moneySchema,
  forwardsMarkToMarket: moneySchema,
  scenarios: z.array(scenarioSchema),
});
export type CurrencyExposure = z.infer<typeof currencyExposureSchema>;

export const exposureSchema = z.object({
  homeCurrency: z.enum(CURRENCY_CODES),
  today: calendarDateSchema,
  at: isoTimestampSchema,
  currencies: z.array(currencyExposureSchema),
  /** Net exposure per currency and calendar month of due or maturity date, home, for the chart. */
  monthly: z.array(
    z.object({ month: text().max(7), currency: z.enum(CURRENCY_CODES), net: moneySchema, netHome: moneySchema }),
  ),
  totals: z.object({
    netHome: moneySchema,
    hedgedHome: moneySchema,
    revaluation: moneySchema,
    forwardsMarkToMarket: moneySchema,
    scenarios: z.array(scenarioSchema),
  }),
  /** What falls due next: the nearest open invoices and live forwards (at most 5). */
  next: z.array(
    z.object({
      kind: z.enum(['invoice', 'forward']),
      id: text(),
      date: calendarDateSchema,
      currency: z.enum(CURRENCY_CODES),
      amount: decimalStringSchema,
      label: text(),
    }),
  ),
});
export type Exposure = z.infer<typeof exposureSchema>;
export const exposureResponseSchema = envelopeSchema(exposureSchema);

export const DESK_EXPORTS = ['invoices', 'forwards', 'payments'] as const;
export type DeskExport = (typeof DESK_EXPORTS)[number];
