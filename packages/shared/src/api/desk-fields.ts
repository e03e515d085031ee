import { z } from 'zod';
import { DECIMAL_MAX_LENGTH, signedDecimalStringSchema } from './decimals';
import { rateStringSchema } from './desk-basics';
import { text } from './text';

/** Field schemas the desk's request and answer schemas share (not part of the package's exports). */
export const rateSchema = rateStringSchema;

/** A positive amount in a request: a decimal string or JSON number; the currency's minor units are checked by the route. */
export const amountInput = z
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

/** A difference of rates (forward points), signed. */
export const signedRateSchema = text()
  .max(DECIMAL_MAX_LENGTH + 1)
  .regex(/^-?\d{1,15}(\.\d{1,20})?$/, 'must be a rate difference such as -0.0047');
export const moneySchema = signedDecimalStringSchema;

export const optionalText = (max: number) =>
  text()
    .trim()
    .max(max)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();
