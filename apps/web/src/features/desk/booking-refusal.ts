import type { ErrorDetail } from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { fieldWording } from './field-wording';
import { DESK_TEXTS } from './texts';

const T = DESK_TEXTS.bookForward;
/** The booking form's fields, by their API names. */
export const FORWARD_FIELD_LABELS = {
  currency: T.currency,
  side: T.side,
  amount: T.amount,
  maturityDate: T.maturity,
} as const;
export type ForwardField = keyof typeof FORWARD_FIELD_LABELS;
/** A server message about a booking's field in the form's words ("Maturity date must be at least 2 days after today"). */
export const wordForwardField = fieldWording(FORWARD_FIELD_LABELS);
const ALLOCATION = /^allocations\.(\d+)\.amount$/;

/**
 * A refused booking in the user's words. The server names an allocation by its place in the
 * request ("allocations.1.amount"): the message names the invoice instead ("CM-0007: amount is more
 * than the GBP 20,000.00 of this invoice not yet hedged"); a field the form shows is worded with its
 * label; a refusal without details is said as the server said it.
 */
export function bookingRefusal(error: unknown, references: readonly string[], fallback: string): string {
  const details = ((error as { details?: ErrorDetail[] } | null)?.details ?? []).map(({ field, message }) => {
    const allocation = ALLOCATION.exec(field);
    const reference = allocation ? references[Number(allocation[1])] : undefined;
    if (reference) return `${reference}: ${message}`;
    return field in FORWARD_FIELD_LABELS ? wordForwardField(field as ForwardField, message) : message;
  });
  return details.length > 0 ? details.join(' ') : errorMessage(error, fallback);
}
