import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';

/** A data region that failed to load: "Error: {message}" in place, with retry (DESIGN.md, states). */
export function LoadError({ error, onRetry }: { error: Error; onRetry: () => void }) {
  return (
    <Alert variant="error">
      Error: {error.message}{' '}
      <Button variant="ghost" size="sm" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}
