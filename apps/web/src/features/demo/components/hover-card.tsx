import { HoverCard as RadixHoverCard } from 'radix-ui';
import type { ReactElement, ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface HoverCardProps {
  /** A focusable element (link or button): the card opens on pointer enter and on focus. */
  trigger: ReactElement;
  children: ReactNode;
  openDelay?: number;
  closeDelay?: number;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  className?: string;
}

/** Extra detail on hover or focus; opens on mouse enter, closes on leave. Never hides essential content. */
export function HoverCard({
  trigger,
  children,
  openDelay = 300,
  closeDelay = 150,
  open,
  onOpenChange,
  className,
}: HoverCardProps) {
  return (
    <RadixHoverCard.Root openDelay={openDelay} closeDelay={closeDelay} open={open} onOpenChange={onOpenChange}>
      <RadixHoverCard.Trigger asChild>{trigger}</RadixHoverCard.Trigger>
      <RadixHoverCard.Portal>
        <RadixHoverCard.Content
          sideOffset={6}
          collisionPadding={8}
          className={cn(
            'z-50 w-72 max-w-[calc(100vw-1rem)] rounded-md border border-border bg-surface p-4 text-sm text-fg shadow-card',
            className,
          )}
        >
          {children}
          <RadixHoverCard.Arrow className="fill-border" />
        </RadixHoverCard.Content>
      </RadixHoverCard.Portal>
    </RadixHoverCard.Root>
  );
}
