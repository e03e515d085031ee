import { text } from './text';

/**
 * The `Idempotency-Key` header of a POST that creates something (an order, a campaign): a retried
 * or doubled request with the same key, per user, answers what the first one made instead of
 * making it again. Trading and campaigns share the header, its format and its messages.
 */
export const IDEMPOTENCY_MESSAGES = {
  keyInvalid: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
  /** 422 IDEMPOTENCY_KEY_REUSED: the key came before with another request. */
  keyReused: 'This Idempotency-Key was already used with a different request body',
} as const;

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const idempotencyKeySchema = text().regex(/^[\x21-\x7e]{1,255}$/, IDEMPOTENCY_MESSAGES.keyInvalid);
