import { X } from 'lucide-react';
import { Popover as RadixPopover } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface PopoverProps {
  /** A button: a click opens the popover, another click closes it. */
  trigger: ReactElement;
  /** The popover's accessible name. */
  label: string;
  children: ReactNode;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  side?: 'top' | 'right' | 'bottom' | 'left';
  className?: string;
}

/** Escape and a click outside close it; focus moves in on open and back to the trigger on close. */
export function Popover({ trigger, label, children, open, onOpenChange, side = 'bottom', className }: PopoverProps) {
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          side={side}
          sideOffset={6}
          collisionPadding={8}
          aria-label={label}
          className={cn(
            'z-50 w-72 max-w-[calc(100vw-1rem)] rounded-md border border-border bg-surface p-4 pr-12 text-sm text-fg shadow-card',
            className,
          )}
        >
          {children}
          <RadixPopover.Close
            aria-label="Close"
            className="absolute right-1 top-1 inline-flex size-11 items-center justify-center rounded-md text-muted hover:bg-surface-2 dense:size-9"
          >
            <X aria-hidden="true" className="size-4" />
          </RadixPopover.Close>
          <RadixPopover.Arrow className="fill-border" />
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}
