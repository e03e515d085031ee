import { AlertTriangle, CheckCircle2, Info, X, XCircle } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { NOTIFICATIONS } from '@tp/shared';
import { cn } from '@/lib/cn';

export type AlertVariant = 'info' | 'success' | 'warning' | 'error';

const STYLES: Record<AlertVariant, { icon: typeof Info; className: string }> = {
  info: { icon: Info, className: 'border-info/50 [&>svg]:text-info' },
  success: { icon: CheckCircle2, className: 'border-gain/50 [&>svg]:text-gain' },
  warning: { icon: AlertTriangle, className: 'border-warning/50 [&>svg]:text-warning' },
  error: { icon: XCircle, className: 'border-loss/50 [&>svg]:text-loss' },
};

export interface AlertProps {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  /** Hides itself after `duration` ms (default 5000). */
  autoClose?: boolean;
  duration?: number;
  /** Shows a close button. */
  dismissible?: boolean;
  onClose?: () => void;
  className?: string;
}

/** An inline message; errors and warnings are announced at once, the others politely. */
export function Alert({
  variant = 'info',
  title,
  children,
  autoClose = false,
  duration = NOTIFICATIONS.autoCloseMs,
  dismissible = false,
  onClose,
  className,
}: AlertProps) {
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    if (!autoClose || !visible) return;
    const timer = setTimeout(() => {
      setVisible(false);
      onClose?.();
    }, duration);
    return () => clearTimeout(timer);
  }, [autoClose, duration, visible, onClose]);

  if (!visible) return null;
  const { icon: Icon, className: tone } = STYLES[variant];
  const urgent = variant === 'error' || variant === 'warning';
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      className={cn('flex items-start gap-3 rounded-md border bg-surface p-3 text-sm', tone, className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={cn(title ? 'mt-1 text-muted' : '', 'break-words')}>{children}</div>}
      </div>
      {dismissible && (
        <button
          type="button"
          aria-label="Dismiss"
          onClick={() => {
            setVisible(false);
            onClose?.();
          }}
          className="-m-2 inline-flex size-11 shrink-0 items-center justify-center rounded-md text-muted hover:bg-surface-2 dense:size-9"
        >
          <X aria-hidden="true" className="size-4" />
        </button>
      )}
    </div>
  );
}
