import { Download } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { downloadFile } from '@/lib/download';
import { Button, type ButtonSize, type ButtonVariant } from './button';

/**
 * A button that downloads a file only the signed-in user may read (a CSV export): busy while it
 * comes, and "Error: {message}" beside it when it fails, so a refused or lost download is said.
 */
export function DownloadButton({
  path,
  fileName,
  children,
  variant = 'outline',
  size = 'sm',
  failure = 'The download failed. Please try again.',
}: {
  /** The API path, with its query string. */
  path: string;
  /** The name to save under when the server names none. */
  fileName: string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** What a failure says when the server gave no message. */
  failure?: string;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const download = async () => {
    setBusy(true);
    setError(null);
    try {
      await downloadFile(path, fileName);
    } catch (failed) {
      setError(errorMessage(failed, failure));
    } finally {
      setBusy(false);
    }
  };
  return (
    <span className="inline-flex flex-col gap-1">
      <Button variant={variant} size={size} onClick={() => void download()} loading={busy}>
        {!busy && <Download aria-hidden="true" className="size-4" />}
        {children}
      </Button>
      {error && (
        <span role="alert" className="text-sm text-loss">
          Error: {error}
        </span>
      )}
    </span>
  );
}
