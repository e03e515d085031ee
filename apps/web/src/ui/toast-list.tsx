import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { useEffect, useRef, type FocusEvent } from 'react';
import { createPortal } from 'react-dom';
import { cn } from '@/lib/cn';
import type { ActiveNotification, NotificationStore, NotificationType } from '@/lib/notification-types';
import { isInNotificationRegion, NOTIFICATION_REGION } from './notification-region';
import { useToastOutlet } from './toast-outlet';

const TYPES: Record<NotificationType, { icon: typeof Info; tone: string; bar: string; label: string }> = {
  success: { icon: CheckCircle2, tone: 'text-gain', bar: 'bg-gain', label: 'Success' },
  error: { icon: XCircle, tone: 'text-loss', bar: 'bg-loss', label: 'Error' },
  warning: { icon: AlertTriangle, tone: 'text-warning', bar: 'bg-warning', label: 'Warning' },
  info: { icon: Info, tone: 'text-info', bar: 'bg-info', label: 'Information' },
};

/** Radix Toast's key for the notifications (its `hotkey` default): F8 moves focus to the newest toast. */
export const TOAST_HOTKEY = 'F8';

/**
 * The toasts themselves: list items of the Toaster's live region, or of the open dialog's (./toast-outlet).
 * F8 focuses the newest; Escape on a toast closes it; closing the focused toast moves focus to the
 * next one, or back to where it came from.
 */
export default function ToastList({
  items,
  store,
}: {
  items: readonly ActiveNotification[];
  store: NotificationStore;
}) {
  const outlet = useToastOutlet();
  const cameFrom = useRef<HTMLElement | null>(null);

  useToastHotkey();

  function remember(id: string, event: FocusEvent<HTMLLIElement>) {
    store.pause(id);
    const from = event.relatedTarget;
    if (from instanceof HTMLElement && !isInNotificationRegion(from)) cameFrom.current = from;
  }

  function close(id: string, toast: HTMLLIElement | null) {
    const hadFocus = toast?.contains(document.activeElement) ?? false;
    store.dismiss(id);
    if (!hadFocus || !toast) return;
    const next = [toast.nextElementSibling, toast.previousElementSibling].find(
      (other): other is HTMLLIElement => other instanceof HTMLLIElement && other.dataset.state === 'open',
    );
    const back = cameFrom.current?.isConnected ? cameFrom.current : null;
    (next ?? back)?.focus();
  }

  const toasts = (
    <>
      {items.map((n) => {
        const { bar } = TYPES[n.type];
        const percent = n.duration > 0 ? (n.remaining / n.duration) * 100 : 0;
        return (
          <li
            key={n.id}
            tabIndex={-1}
            aria-keyshortcuts={TOAST_HOTKEY}
            data-testid="toast"
            data-type={n.type}
            data-state={n.exiting ? 'closing' : 'open'}
            // the regions let the pointer through to the page, or to the dialog's backdrop
            style={{ pointerEvents: 'auto' }}
            onMouseEnter={() => store.pause(n.id)}
            // a toast can slide under a resting pointer when one above it leaves: the next move holds it
            onMouseMove={() => store.pause(n.id)}
            onMouseLeave={() => store.resume(n.id)}
            onFocus={(event) => remember(n.id, event)}
            onBlur={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) store.resume(n.id);
            }}
            onKeyDown={(event) => {
              if (event.key === 'Escape' && n.closable) close(n.id, event.currentTarget);
            }}
            className={cn(
              'relative overflow-hidden rounded-md border border-border bg-surface text-fg shadow-card',
              'transition-[opacity,translate] duration-300 ease-in',
              n.exiting && 'translate-x-4 opacity-0',
            )}
          >
            <ToastContent notification={n} onClose={(from) => close(n.id, from.closest('li'))} />
            {n.autoClose && (
              <div aria-hidden="true" className="h-1 w-full bg-surface-2">
                <div
                  data-testid="toast-countdown"
                  data-remaining={n.remaining}
                  className={cn('h-full transition-[width] duration-100 ease-linear', bar)}
                  style={{ width: `${percent}%` }}
                />
              </div>
            )}
          </li>
        );
      })}
    </>
  );
  return outlet ? createPortal(toasts, outlet) : toasts;
}

/** F8, without modifiers, focuses the newest toast. */
function useToastHotkey() {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== TOAST_HOTKEY || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      // newest first, in the page's region or the open dialog's (only one holds them)
      const newest = document.querySelector<HTMLElement>(`[${NOTIFICATION_REGION}] li[data-state="open"]`);
      if (!newest) return;
      event.preventDefault();
      newest.focus();
    }
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, []);
}

function ToastContent({
  notification: n,
  onClose,
}: {
  notification: ActiveNotification;
  /** Closes the toast from the control that asked (focus moves on from its toast). */
  onClose: (from: HTMLElement) => void;
}) {
  const { icon: Icon, tone, label } = TYPES[n.type];
  return (
    <div className="flex items-start gap-3 p-3">
      <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', tone)} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold">
          <span className="sr-only">{label}: </span>
          {n.title}
        </p>
        {n.message && <p className="mt-1 whitespace-pre-line break-words text-sm text-muted">{n.message}</p>}
        {n.actions && n.actions.length > 0 && (
          <div className="mt-2 flex flex-wrap gap-2">
            {n.actions.map((a) => (
              <button
                key={a.label}
                type="button"
                onClick={(event) => {
                  a.action();
                  onClose(event.currentTarget);
                }}
                className={cn(
                  'inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium dense:min-h-8',
                  a.variant === 'secondary'
                    ? 'border border-border hover:bg-surface-2'
                    : 'bg-accent text-accent-fg hover:opacity-90',
                )}
              >
                {a.label}
              </button>
            ))}
          </div>
        )}
      </div>
      {n.closable && (
        <button
          type="button"
          aria-label={`Dismiss notification: ${n.title}`}
          onClick={(event) => onClose(event.currentTarget)}
          className="-m-1.5 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface-2 dense:size-8"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}
