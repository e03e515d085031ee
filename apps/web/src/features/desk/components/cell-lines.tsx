import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/**
 * A table cell's lines (a figure and the notes under it) as one block: a stacked table's card sets
 * each cell as a row of its label and its content, so lines left loose would sit side by side.
 */
export function CellLines({ children, end = false }: { children: ReactNode; end?: boolean }) {
  return <div className={cn('flex min-w-0 flex-col', end && 'items-end text-right')}>{children}</div>;
}
