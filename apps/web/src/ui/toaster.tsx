import { lazy, Suspense } from 'react';
import { useNotificationList, useNotificationStore } from '@/lib/notifications';
import { NOTIFICATION_REGION } from './notification-region';

// the toast visuals are a separate chunk, fetched with the first notification (the shell stays small)
const ToastList = lazy(() => import('./toast-list'));

/**
 * The notifications region: always in the page, so screen readers announce what is added to it.
 * Newest first, top right below the header (full width on phones). While a dialog is open the
 * toasts show inside it, above its box (the toast list portals them to ./toast-outlet): the page
 * behind a dialog is out of reach of the keyboard and of screen readers.
 */
export function Toaster() {
  const items = useNotificationList();
  const store = useNotificationStore();
  return (
    <section
      aria-label="Notifications"
      {...{ [NOTIFICATION_REGION]: '' }}
      className="pointer-events-none fixed inset-x-2 top-[4.5rem] z-[60] flex flex-col items-stretch sm:inset-x-auto sm:right-4 sm:w-96"
    >
      <ol aria-live="polite" aria-relevant="additions text" className="flex flex-col gap-2">
        {store && items.length > 0 && (
          <Suspense fallback={null}>
            <ToastList items={items} store={store} />
          </Suspense>
        )}
      </ol>
    </section>
  );
}
