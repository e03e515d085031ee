import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

const ROUNDING = { sm: 'rounded', md: 'rounded-md', card: 'rounded-card', full: 'rounded-full' } as const;

/**
 * A placeholder block with the size and shape of what is loading (so nothing shifts when it
 * arrives): raised (`bg-surface-2`) inside a card, `onPage` (`bg-surface`) where it stands in for a
 * card; `inline` (a span) inside a line of text. A loading region is `LoadingState` (ui/query-state), which draws these.
 */
export function Skeleton({
  className,
  rounding = 'md',
  onPage = false,
  inline = false,
  ...rest
}: HTMLAttributes<HTMLElement> & { rounding?: keyof typeof ROUNDING; onPage?: boolean; inline?: boolean }) {
  const Element = inline ? 'span' : 'div';
  return (
    <Element
      aria-hidden="true"
      className={cn(
        'animate-pulse',
        inline && 'inline-block align-middle',
        ROUNDING[rounding],
        onPage ? 'bg-surface' : 'bg-surface-2',
        className,
      )}
      {...rest}
    />
  );
}
