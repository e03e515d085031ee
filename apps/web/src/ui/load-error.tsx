import { Alert } from './alert';
import { Button } from './button';

/** A data region that failed to load: "Error: {message}" in place, with a retry (DESIGN.md). */
export function LoadError({ message, onRetry, className }: { message: string; onRetry(): void; className?: string }) {
  return (
    <Alert variant="error" className={className}>
      Error: {message}{' '}
      <Button variant="ghost" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}
