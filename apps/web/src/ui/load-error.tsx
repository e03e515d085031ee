import { MESSAGES } from '@tp/shared';
import { ApiError } from '@/lib/api-client';
import { Alert } from './alert';
import { Button } from './button';

/**
 * What a failed load says: an API error's own text (the server's message, "HTTP {status}: {status
 * text}", the network or time-out error naming the request: docs/product/shell.md#error-messages), anything
 * else the region's catalogue text — never a stack's or a parser's wording.
 */
export function loadErrorMessage(error: unknown, fallback: string = MESSAGES.genericLoadFailed): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

/** A data region that failed to load: "Error: {message}" in place, with a retry (docs/product/ui-layer.md#states). */
export function LoadError({
  error,
  fallback,
  onRetry,
  className,
}: {
  error: unknown;
  /** The spec's text for this region when the error is not an API error (default "An error occurred"). */
  fallback?: string;
  onRetry(): void;
  className?: string;
}) {
  return (
    <Alert variant="error" className={className}>
      Error: {loadErrorMessage(error, fallback)}{' '}
      <Button variant="ghost" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}
