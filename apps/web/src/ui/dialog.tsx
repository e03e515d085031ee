import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useRef, type ReactElement, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Card } from './card';
import { isInNotificationRegion } from './notification-region';

/** Modal sizes; md (500 px, the spec's modal widget width) is the default. */
export const DIALOG_WIDTHS = {
  sm: 'max-w-[400px]',
  md: 'max-w-[500px]',
  lg: 'max-w-[640px]',
  xl: 'max-w-[800px]',
} as const;
export type DialogSize = keyof typeof DIALOG_WIDTHS;

export interface DialogProps {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** The element that opens it (focus returns there on close; without one, to what had focus when it opened). */
  trigger?: ReactElement;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  size?: DialogSize;
  /** Buttons under the content. */
  footer?: ReactNode;
  /** A visible close (×) button; Escape and a click on the backdrop always close. */
  showClose?: boolean;
  className?: string;
}

/**
 * Dialog (spec 02 §4): Escape or a backdrop click closes it, the page behind does not scroll, focus
 * stays inside while open and returns to the trigger afterwards.
 */
export function Dialog({
  title,
  description,
  children,
  trigger,
  open,
  defaultOpen,
  onOpenChange,
  size = 'md',
  footer,
  showClose = true,
  className,
}: DialogProps) {
  // a dialog opened from elsewhere (no trigger) gives focus back to what had it when it opened
  const opener = useRef<HTMLElement | null>(null);
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay data-testid="dialog-backdrop" className="tp-fade fixed inset-0 z-50 bg-black/60" />
        <RadixDialog.Content
          asChild
          {...(description ? {} : { 'aria-describedby': undefined })}
          onOpenAutoFocus={() => {
            // called before focus moves in: the active element is still the opener
            opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
          }}
          onCloseAutoFocus={(event) => {
            const target = opener.current;
            opener.current = null;
            if (trigger || !target?.isConnected) return;
            event.preventDefault();
            target.focus();
          }}
          // a toast above the dialog is not outside it: closing the toast leaves the dialog open
          onInteractOutside={(event) => {
            if (isInNotificationRegion(event.target)) event.preventDefault();
          }}
        >
          <Card
            className={cn(
              'tp-zoom fixed left-1/2 top-1/2 z-50 flex max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col',
              'overflow-y-auto p-5',
              DIALOG_WIDTHS[size],
              className,
            )}
          >
            <div className={cn('flex flex-col gap-1', showClose && 'pr-10')}>
              <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
              {description && (
                <RadixDialog.Description className="text-sm text-muted">{description}</RadixDialog.Description>
              )}
            </div>
            {children && <div className="mt-4">{children}</div>}
            {footer && <div className="mt-5 flex flex-wrap justify-end gap-2">{footer}</div>}
            {showClose && (
              <RadixDialog.Close
                aria-label="Close dialog"
                className="absolute right-2 top-2 inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-surface-2 md:size-9"
              >
                <X aria-hidden="true" className="size-4" />
              </RadixDialog.Close>
            )}
          </Card>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A button inside the dialog that closes it (Cancel, Done ...). */
export const DialogClose = RadixDialog.Close;
