import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useRef, type ReactElement, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Card } from './card';
import { ToastOutlet, toastsKeepLayerOpen } from './toast-outlet';

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
 * Dialog (docs/product/ui-layer.md#dialog): Escape or a backdrop click closes it, the page behind
 * does not scroll, focus
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
          // a toast is not outside the dialog: closing it, or Escape on it, leaves the dialog open
          {...toastsKeepLayerOpen}
        >
          {/*
            The dialog's box and, above it, the toasts shown while it is open (inside the dialog, so
            its focus trap lets the keyboard reach them). They take the room above the box: it stays
            centred while they fit there, moves down when they do not, and scrolls when both fill the
            screen, so a toast never covers the dialog's title, × or buttons. The layer lets clicks
            through to the backdrop (Radix gives it pointer events; the box and the toasts take them,
            inline, where a test's pointer check reads them too).
          */}
          <div
            style={{ pointerEvents: 'none' }}
            className="tp-zoom fixed inset-0 z-50 grid grid-rows-[minmax(min-content,1fr)_minmax(0,auto)_1fr] justify-items-center gap-2 p-4"
          >
            <Card
              data-testid="dialog-box"
              style={{ pointerEvents: 'auto' }}
              className={cn(
                'relative row-start-2 flex max-h-full w-full flex-col overflow-y-auto p-5',
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
                  className="absolute right-2 top-2 inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-surface-2 dense:size-9"
                >
                  <X aria-hidden="true" className="size-4" />
                </RadixDialog.Close>
              )}
            </Card>
            <ToastOutlet className="row-start-1 self-start justify-self-stretch sm:w-96 sm:justify-self-end" />
          </div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** A button inside the dialog that closes it (Cancel, Done ...). */
export const DialogClose = RadixDialog.Close;
