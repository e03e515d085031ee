import { ChevronDown } from 'lucide-react';
import { NavigationMenu as RadixNav } from 'radix-ui';
import { Link } from 'react-router';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import type { NavigationItem } from './navigation-item';

const itemClass = (active: boolean, disabled?: boolean) =>
  cn(
    'inline-flex min-h-11 w-full items-center gap-2 rounded-md px-3 text-sm font-medium dense:min-h-9',
    active ? 'bg-surface-2 text-accent' : 'text-fg hover:bg-surface-2',
    disabled && 'cursor-not-allowed opacity-50 hover:bg-transparent',
  );

function ItemInner({ item }: { item: NavigationItem }) {
  const Icon = item.icon;
  return (
    <>
      {Icon && <Icon aria-hidden="true" className="size-4 shrink-0" />}
      <span className="flex-1 text-left">{item.label}</span>{' '}
      {item.badge !== undefined && <Badge variant="accent">{item.badge}</Badge>}
    </>
  );
}

/** One entry: a router link (href), an action (onClick) or a disabled label. */
export function NavigationEntry({
  item,
  active = false,
  onNavigate,
}: {
  item: NavigationItem;
  active?: boolean;
  /** Called after any link or action is used (a mobile menu closes then). */
  onNavigate?: () => void;
}) {
  if (item.disabled) {
    return (
      <span aria-disabled="true" className={itemClass(false, true)}>
        <ItemInner item={item} />
      </span>
    );
  }
  if (item.href) {
    const external = /^https?:\/\//.test(item.href);
    const props = {
      className: itemClass(active),
      'aria-current': active ? ('page' as const) : undefined,
      onClick: () => {
        item.onClick?.();
        onNavigate?.();
      },
    };
    return external ? (
      <a href={item.href} {...props}>
        <ItemInner item={item} />
      </a>
    ) : (
      <Link to={item.href} {...props}>
        <ItemInner item={item} />
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={itemClass(active)}
      aria-pressed={active}
      onClick={() => {
        item.onClick?.();
        onNavigate?.();
      }}
    >
      <ItemInner item={item} />
    </button>
  );
}

/** A vertical list of entries, children indented under their parent (the demo's mobile menu). */
export function NavigationList({
  items,
  label,
  activeId,
  onNavigate,
}: {
  items: readonly NavigationItem[];
  /** The landmark's name. */
  label: string;
  activeId?: string;
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label={label}>
      <ul className="flex flex-col gap-1">
        {items.map((item) => (
          <li key={item.id}>
            <NavigationEntry item={item} active={item.id === activeId} onNavigate={onNavigate} />
            {item.children && item.children.length > 0 && (
              <ul className="ml-6 mt-1 flex flex-col gap-1 border-l border-border pl-2">
                {item.children.map((child) => (
                  <li key={child.id}>
                    <NavigationEntry item={child} active={child.id === activeId} onNavigate={onNavigate} />
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

export interface NavigationMenuProps {
  items: readonly NavigationItem[];
  /** The landmark's name. */
  label: string;
  activeId?: string;
  className?: string;
}

/** A horizontal menu; entries with children open a sub-list (arrow keys move between entries). */
export function NavigationMenu({ items, label, activeId, className }: NavigationMenuProps) {
  return (
    <RadixNav.Root aria-label={label} className={cn('relative', className)}>
      <RadixNav.List className="flex flex-wrap items-center gap-1">
        {items.map((item) =>
          item.children && item.children.length > 0 ? (
            <RadixNav.Item key={item.id} value={item.id} className="relative">
              <RadixNav.Trigger
                disabled={item.disabled}
                className={cn(
                  itemClass(
                    item.children.some((c) => c.id === activeId),
                    item.disabled,
                  ),
                  'group',
                )}
              >
                <ItemInner item={item} />
                <ChevronDown
                  aria-hidden="true"
                  className="size-4 transition-transform group-data-[state=open]:rotate-180"
                />
              </RadixNav.Trigger>
              <RadixNav.Content className="absolute left-0 top-full z-40 mt-1 w-60 max-w-[calc(100vw-1rem)] rounded-md border border-border bg-surface p-1 shadow-card">
                <ul className="flex flex-col gap-0.5">
                  {item.children.map((child) => (
                    <li key={child.id}>
                      <RadixNav.Link asChild active={child.id === activeId}>
                        <NavigationEntry item={child} active={child.id === activeId} />
                      </RadixNav.Link>
                    </li>
                  ))}
                </ul>
              </RadixNav.Content>
            </RadixNav.Item>
          ) : (
            <RadixNav.Item key={item.id} value={item.id}>
              <NavigationEntry item={item} active={item.id === activeId} />
            </RadixNav.Item>
          ),
        )}
      </RadixNav.List>
    </RadixNav.Root>
  );
}
