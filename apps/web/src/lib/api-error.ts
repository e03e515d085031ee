import type { ErrorDetail } from '@tp/shared';

/** A failed API call: HTTP status (0 for network/timeout), the server's message and code when it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    readonly details?: ErrorDetail[],
    /** A 429's or 503's Retry-After, in seconds, when the server sent one. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
