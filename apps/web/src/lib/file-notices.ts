import { NOTIFICATIONS } from '@tp/shared';
import { useNotifications } from './notifications';

/** The spec's notices about a file (02 §8): "Download Started" and "File Removed", 2 s each. */
export function useFileNotices() {
  const notifications = useNotifications();
  return {
    downloadStarted: (name: string) =>
      notifications.info('Download Started', name, { duration: NOTIFICATIONS.downloadStartedMs }),
    fileRemoved: (name: string) =>
      notifications.info('File Removed', `${name} was removed`, { duration: NOTIFICATIONS.fileRemovedMs }),
  };
}
