import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { cn } from '@/lib/cn';
import type { ActiveNotification, NotificationStore, NotificationType } from '@/lib/notification-types';

const TYPES: Record<NotificationType, { icon: typeof Info; tone: string; bar: string; label: string }> = {
  success: { icon: CheckCircle2, tone: 'text-gain', bar: 'bg-gain', label: 'Success' },
  error: { icon: XCircle, tone: 'text-loss', bar: 'bg-loss', label: 'Error' },
  warning: { icon: AlertTriangle, tone: 'text-warning', bar: 'bg-warning', label: 'Warning' },
  info: { icon: Info, tone: 'text-info', bar: 'bg-info', label: 'Information' },
};

/** The toasts themselves (list items of the Toaster's live region). */
export default function ToastList({
  items,
  store,
}: {
  items: readonly ActiveNotification[];
  store: NotificationStore;
}) {
  return (
    <>
      {items.map((n) => {
        const { icon: Icon, tone, bar, label } = TYPES[n.type];
        const percent = n.duration > 0 ? (n.remaining / n.duration) * 100 : 0;
        return (
          <li
            key={n.id}
            data-testid="toast"
            data-type={n.type}
            data-state={n.exiting ? 'closing' : 'open'}
            onMouseEnter={() => store.pause(n.id)}
            // a toast can slide under a resting pointer when one above it leaves: the next move holds it
            onMouseMove={() => store.pause(n.id)}
            onMouseLeave={() => store.resume(n.id)}
            onFocus={() => store.pause(n.id)}
            onBlur={(event) => {
              if (!event.currentTarget.contains(event.relatedTarget as Node | null)) store.resume(n.id);
            }}
            className={cn(
              'pointer-events-auto relative overflow-hidden rounded-md border border-border bg-surface text-fg shadow-card',
              'transition-[opacity,translate] duration-300 ease-in',
              n.exiting && 'translate-x-4 opacity-0',
            )}
          >
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
                        onClick={() => {
                          a.action();
                          store.dismiss(n.id);
                        }}
                        className={cn(
                          'inline-flex min-h-11 items-center rounded-md px-3 text-sm font-medium md:min-h-8',
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
                  onClick={() => store.dismiss(n.id)}
                  className="-m-1.5 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface-2 md:size-8"
                >
                  <X aria-hidden="true" className="size-4" />
                </button>
              )}
            </div>
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
}
