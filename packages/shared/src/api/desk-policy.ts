import { z } from 'zod';
import { envelopeSchema } from './common';
import { decimalStringSchema } from './decimals';
import { CURRENCY_CODES, forwardSideSchema, rateStringSchema } from './desk-basics';
import { moneySchema, rateSchema } from './desk-fields';
import { isoTimestampSchema } from './market';
import { calendarDateSchema } from './time-zone';
import { text } from './text';

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
