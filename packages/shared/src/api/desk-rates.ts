import { z } from 'zod';
import { envelopeSchema } from './common';
import { decimalStringSchema } from './decimals';
import { CURRENCY_CODES, currencyCodeSchema } from './desk-basics';
import { rateSchema, signedRateSchema } from './desk-fields';
import { isoTimestampSchema } from './market';
import { calendarDateSchema } from './time-zone';
import { text } from './text';

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
