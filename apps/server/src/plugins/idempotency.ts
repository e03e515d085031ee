import { createHash } from 'node:crypto';
import { z } from 'zod';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_MESSAGES, idempotencyKeySchema } from '@tp/shared';
import { AppError } from './errors';

/**
 * The `Idempotency-Key` of a POST that creates something (an order, a campaign): a retried or
 * doubled request with the same key, per user, answers what the first one made instead of making
 * it again. The creating row stores the key (unique per user) and the hash of the request.
 */
export const idempotencyHeaders = z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema.optional() });

/** What the request asks, whatever its spelling: the key a retried POST must match. */
export function requestHash(request: object): string {
  const canonical = Object.entries(request)
    .filter(([, value]) => value !== undefined)
    .sort(([a], [b]) => a.localeCompare(b));
  return createHash('sha256').update(JSON.stringify(canonical)).digest('hex');
}

/** The key was used before with another request: refused, not answered with what the other one made. */
export const idempotencyKeyReused = () => new AppError(422, IDEMPOTENCY_MESSAGES.keyReused, 'IDEMPOTENCY_KEY_REUSED');
