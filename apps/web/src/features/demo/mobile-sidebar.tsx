import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useState, type ReactElement, type ReactNode } from 'react';
import { SIDEBAR } from '@tp/shared';
import type { NavigationItem } from './navigation-item';
import { NavigationEntry } from './navigation-menu';

export interface MobileSidebarProps {
  items: readonly NavigationItem[];
  /** The panel's name (a visible heading). */
  title?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens it; focus returns to it on close (give one even when `open` is controlled). */
  trigger?: ReactElement;
  activeId?: string;
  /** Anything under the entries (user card, log out ...). */
  footer?: ReactNode;
}

/**
 * The sidebar as an overlay for phones: 280 px from the left, sliding in over 300 ms; a click on
 * the backdrop, Escape or following an entry closes it; focus stays inside while open.
 */
export function MobileSidebar({
  items,
  title = 'Menu',
  open,
  onOpenChange,
  trigger,
  activeId,
  footer,
}: MobileSidebarProps) {
  const [own, setOwn] = useState(false);
  const isOpen = open ?? own;
  const setOpen = (next: boolean) => {
    if (open === undefined) setOwn(next);
    onOpenChange?.(next);
  };
  return (
    <RadixDialog.Root open={isOpen} onOpenChange={setOpen}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay data-testid="mobile-sidebar-backdrop" className="tp-fade fixed inset-0 z-50 bg-black/50" />
        <RadixDialog.Content
          aria-describedby={undefined}
          style={{ width: SIDEBAR.widthPx, animationDuration: `${SIDEBAR.slideMs}ms` }}
          className="tp-slide-left fixed inset-y-0 left-0 z-50 flex max-w-[85vw] flex-col gap-4 overflow-y-auto border-r border-border bg-surface p-4 text-fg shadow-card"
        >
          <div className="flex items-center justify-between gap-2">
            <RadixDialog.Title className="text-base font-semibold">{title}</RadixDialog.Title>
            <RadixDialog.Close
              aria-label="Close menu"
              className="inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-surface-2"
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          <nav aria-label={title}>
            <ul className="flex flex-col gap-1">
              {items.map((item) => (
                <li key={item.id}>
                  <NavigationEntry item={item} active={item.id === activeId} onNavigate={() => setOpen(false)} />
                  {item.children && item.children.length > 0 && (
                    <ul className="ml-6 mt-1 flex flex-col gap-1 border-l border-border pl-2">
                      {item.children.map((child) => (
                        <li key={child.id}>
                          <NavigationEntry
                            item={child}
                            active={child.id === activeId}
                            onNavigate={() => setOpen(false)}
                          />
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              ))}
            </ul>
          </nav>
          {footer && <div className="mt-auto">{footer}</div>}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
