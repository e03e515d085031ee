import { z } from 'zod';
import { text } from './text';

/**
 * Money, prices and quantities travel as decimal strings ("100000.00"), never as binary floats.
 * Requests also accept a JSON number (the spec's quick trade sends numbers); it is turned into
 * its shortest decimal text before validation, so 0.1 stays "0.1".
 */

export const DECIMAL_MAX_LENGTH = 32;
const UNSIGNED = /^\d{1,15}(\.\d{1,10})?$/;
const SIGNED = /^-?\d{1,15}(\.\d{1,10})?$/;
const ZERO = /^0+(\.0+)?$/;

/** A non-negative decimal in an answer: price, quantity, value. */
export const decimalStringSchema = text()
  .max(DECIMAL_MAX_LENGTH)
  .regex(UNSIGNED, 'must be a decimal number such as 100.25');

/** A signed decimal in an answer: P&L, day change, ledger amounts. */
export const signedDecimalStringSchema = text()
  .max(DECIMAL_MAX_LENGTH + 1)
  .regex(SIGNED, 'must be a decimal number such as -12.50');

/** A positive decimal in a request, from a string or a JSON number. */
export function positiveDecimalInput(label: string) {
  return z
    .union([z.number(), text().trim().max(DECIMAL_MAX_LENGTH)])
    .transform((value) => (typeof value === 'number' ? String(value) : value))
    .pipe(
      text().superRefine((value, context) => {
        // a negative or zero amount is a number, just not a positive one: say that, not "not a number"
        const message =
          (SIGNED.test(value) && value.startsWith('-')) || ZERO.test(value)
            ? `${label} must be greater than 0`
            : UNSIGNED.test(value)
              ? undefined
              : `${label} must be a decimal number such as 100.25`;
        if (message) context.addIssue({ code: 'custom', message });
      }),
    );
}
