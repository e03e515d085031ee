import { NOTIFICATIONS } from '@tp/shared';
import { useNotifications } from './notifications';

/**
 * The notices about a file (docs/product/ui-layer.md#toast-notifications): "Download Started" and
 * "File Removed", 2 s each.
 */
export function useFileNotices() {
  const notifications = useNotifications();
  return {
    downloadStarted: (name: string) =>
      notifications.info('Download Started', name, { duration: NOTIFICATIONS.downloadStartedMs }),
    fileRemoved: (name: string) =>
      notifications.info('File Removed', `${name} was removed`, { duration: NOTIFICATIONS.fileRemovedMs }),
  };
}
