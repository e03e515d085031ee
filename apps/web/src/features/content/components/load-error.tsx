import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { messageOf } from '../content-format';

/** A region that failed to load, in place (DESIGN.md): "Error: {message}" and Retry. */
export function LoadError({ error, fallback, onRetry }: { error: unknown; fallback: string; onRetry(): void }) {
  return (
    <Alert variant="error" title={`Error: ${messageOf(error, fallback)}`}>
      <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}
