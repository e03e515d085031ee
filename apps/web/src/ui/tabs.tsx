import { Tabs as RadixTabs } from 'radix-ui';
import { useState, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

export interface TabItem {
  value: string;
  label: ReactNode;
  content: ReactNode;
}

export interface TabsProps {
  items: readonly TabItem[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  /** The accessible name of the tab list. */
  label: string;
  /** Hidden panels stay mounted: a tab's uploads keep going and its search stays on screen. */
  keepMounted?: boolean;
  className?: string;
  /** Classes of every panel (e.g. its padding inside a framed box). */
  panelClassName?: string;
}

/** Tabs (Radix): arrow keys move between tabs, Tab moves into the panel. */
export function Tabs({
  items,
  value,
  defaultValue,
  onValueChange,
  label,
  keepMounted = false,
  className,
  panelClassName,
}: TabsProps) {
  const [own, setOwn] = useState(defaultValue ?? items[0]?.value);
  const current = value ?? own;
  return (
    <RadixTabs.Root
      value={current}
      onValueChange={(next) => {
        if (value === undefined) setOwn(next);
        onValueChange?.(next);
      }}
      className={cn('flex min-w-0 flex-col gap-4', className)}
    >
      <RadixTabs.List aria-label={label} className="flex gap-1 overflow-x-auto border-b border-border">
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            className={cn(
              '-mb-px inline-flex min-h-11 items-center whitespace-nowrap border-b-2 border-transparent px-3 text-sm font-medium text-muted dense:min-h-10',
              // the list scrolls sideways, and a scroll box clips what is drawn outside it: the ring goes inside the tab
              'focus-visible:-outline-offset-2',
              'hover:text-fg data-[state=active]:border-accent data-[state=active]:text-fg',
            )}
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content
          key={item.value}
          value={item.value}
          // Radix shows a force-mounted panel; hide the inactive ones ourselves
          {...(keepMounted && { forceMount: true, hidden: item.value !== current })}
          // a panel is a tab stop (Radix): it keeps the app's focus ring, drawn clear of its content
          className={cn('min-w-0 rounded-sm focus-visible:outline-offset-4', panelClassName)}
        >
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}
