import type { ShareOutcome } from '../api/share-files';
import { Alert } from '@/ui/alert';

/** Why a send was refused, or which recipients a partly sent share did not reach. */
export function ShareAlerts({
  error,
  partial,
}: {
  error: { title: string; reason?: string } | null;
  partial: { title: string; failures: ShareOutcome['failures'] } | null;
}) {
  return (
    <>
      {error && (
        <Alert variant="error" title={error.title}>
          {error.reason}
        </Alert>
      )}
      {partial && (
        <Alert variant="warning" title={partial.title}>
          <p>Not sent to these (left above to correct or send again):</p>
          <ul className="list-inside list-disc">
            {partial.failures.map((failure) => (
              <li key={failure.to} className="break-words">
                {failure.to}
                {failure.reason && `: ${failure.reason}`}
              </li>
            ))}
          </ul>
        </Alert>
      )}
    </>
  );
}
