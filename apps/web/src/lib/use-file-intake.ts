import { NOTIFICATIONS } from '@tp/shared';
import { FILE_UPLOAD_ERROR_TITLE, rejectionLines, validateFiles } from './file-validation';
import { useNotifications } from './notifications';

const plural = (n: number) => (n === 1 ? '1 file is' : `${n} files are`);

/**
 * Takes files dropped or picked (docs/product/ui-layer.md#file-list-validation): the invalid ones
 * are reported together, one per line,
 * in an error notification that stays until closed; the valid ones go to `onAccepted` with a
 * notice of how many are ready.
 */
export function useFileIntake({
  maxFileSize,
  accept,
  maxFiles,
  currentCount,
  onAccepted,
}: {
  maxFileSize: number;
  accept: readonly string[];
  maxFiles: number;
  currentCount: number;
  onAccepted?: (files: File[]) => void;
}) {
  const notifications = useNotifications();
  return (list: ArrayLike<File> | null | undefined) => {
    const picked = list ? Array.from(list) : [];
    if (picked.length === 0) return;
    const { accepted, rejected } = validateFiles(picked, { maxFileSize, accept, maxFiles, currentCount });
    if (rejected.length > 0) {
      notifications.error(FILE_UPLOAD_ERROR_TITLE, rejectionLines(rejected), { autoClose: false });
    }
    if (accepted.length > 0) {
      onAccepted?.(accepted);
      notifications.success('Files Added', `${plural(accepted.length)} ready for upload`, {
        duration: NOTIFICATIONS.filesAddedMs,
      });
    }
  };
}
