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
  forwardSideSchema,
  forwardStatusSchema,
} from './desk-basics';
import { amountInput, moneySchema, rateSchema, signedRateSchema } from './desk-fields';
import { isoTimestampSchema } from './market';
import { calendarDateSchema } from './time-zone';
import { text } from './text';
import { allocationSchema } from './desk-invoices';

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
