import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactElement, ReactNode, RefObject } from 'react';
import { SIDEBAR } from '@tp/shared';
import { ToastOutlet, toastsKeepLayerOpen } from './toast-outlet';

export interface MobileSidebarProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /**
   * The panel's name: a visible heading, or only its accessible name with `hideTitle` (the × then
   * sits in the top right corner, over the first 48 px of the content's first row).
   */
  title: string;
  hideTitle?: boolean;
  /** The close (×) button's accessible name. */
  closeLabel?: string;
  /** The button that opens it; focus returns to it on close. */
  trigger?: ReactElement;
  /** The opener when it is not `trigger` (the header's menu button): focus returns to it on close. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  children: ReactNode;
}

/**
 * The sidebar as an overlay for phones (docs/product/ui-layer.md#mobile-sidebar-component): 280 px
 * from the left, sliding in over 300 ms;
 * Escape, the backdrop or the close button closes it; focus stays inside while it is open and goes
 * back to the button that opened it.
 */
export function MobileSidebar({
  open,
  onOpenChange,
  title,
  hideTitle = false,
  closeLabel = 'Close menu',
  trigger,
  returnFocusTo,
  children,
}: MobileSidebarProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay data-testid="sidebar-overlay" className="tp-fade fixed inset-0 z-50 bg-black/50" />
        <RadixDialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={
            returnFocusTo
              ? (event) => {
                  event.preventDefault();
                  returnFocusTo.current?.focus();
                }
              : undefined
          }
          // a toast is not outside the sidebar: closing it, or Escape on it, leaves the sidebar open
          {...toastsKeepLayerOpen}
          style={{ width: SIDEBAR.widthPx, animationDuration: `${SIDEBAR.slideMs}ms` }}
          className="tp-slide-left fixed inset-y-0 left-0 z-50 flex max-w-[85vw] flex-col border-r border-border bg-surface text-fg shadow-card"
        >
          {/* the panel's content scrolls below the toasts, which never cover it */}
          <div className="relative flex min-h-0 flex-1 flex-col gap-4 overflow-y-auto p-4">
            {/* a hidden title leaves the × alone in the top corner (the content keeps room for it) */}
            <div className={hideTitle ? 'absolute right-2 top-2' : 'flex items-center justify-between gap-2'}>
              <RadixDialog.Title className={hideTitle ? 'sr-only' : 'text-base font-semibold'}>
                {title}
              </RadixDialog.Title>
              <RadixDialog.Close
                aria-label={closeLabel}
                className="ml-auto inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-surface-2"
              >
                <X aria-hidden="true" className="size-5" />
              </RadixDialog.Close>
            </div>
            {children}
          </div>
          {/*
            The toasts shown while the sidebar is open, inside it (./toast-outlet: its focus trap lets the
            keyboard reach them), at the top of the panel: after the controls in the page's order, so the
            focus that moves in on opening lands on a control.
          */}
          <ToastOutlet className="order-first shrink-0 has-[li]:px-2 has-[li]:pt-2" />
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
