import { useEffect, useRef, useState, type HTMLAttributes, type TdHTMLAttributes, type ThHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** Whether the box is narrower than its content (it then scrolls sideways). */
function useOverflowsX<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    check();
    return () => observer.disconnect();
  }, []);
  return [ref, overflows] as const;
}

export interface TableProps extends HTMLAttributes<HTMLTableElement> {
  /** Names the scrolling box when the table is wider than the screen (default: "Table"). */
  scrollLabel?: string;
}

/**
 * A table that scrolls sideways inside its own box on narrow screens (the page never does); the
 * box can then be focused, so keyboard users can scroll it too.
 */
export function Table({ className, scrollLabel = 'Table', ...rest }: TableProps) {
  const [ref, overflows] = useOverflowsX<HTMLDivElement>();
  return (
    <div
      ref={ref}
      {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': `${scrollLabel} (scrolls sideways)` } : {})}
      className="w-full overflow-x-auto rounded-md border border-border"
    >
      <table className={cn('w-full border-collapse text-sm', className)} {...rest} />
    </div>
  );
}

export function TableCaption({ className, ...rest }: HTMLAttributes<HTMLTableCaptionElement>) {
  return <caption className={cn('px-3 py-2 text-left text-sm text-muted', className)} {...rest} />;
}

export function TableHeader({ className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  return <thead className={cn('bg-surface-2', className)} {...rest} />;
}

export function TableBody({ className, ...rest }: HTMLAttributes<HTMLTableSectionElement>) {
  return <tbody className={cn('[&>tr:last-child]:border-0', className)} {...rest} />;
}

export function TableRow({ className, ...rest }: HTMLAttributes<HTMLTableRowElement>) {
  return <tr className={cn('border-b border-border hover:bg-surface-2/60', className)} {...rest} />;
}

interface CellAlign {
  /** Numbers: right-aligned tabular figures. */
  numeric?: boolean;
}

export function TableHead({
  className,
  numeric,
  scope = 'col',
  ...rest
}: ThHTMLAttributes<HTMLTableCellElement> & CellAlign) {
  return (
    <th
      scope={scope}
      className={cn(
        'whitespace-nowrap px-3 py-2 font-medium text-muted',
        numeric ? 'text-right' : 'text-left',
        className,
      )}
      {...rest}
    />
  );
}

export function TableCell({ className, numeric, ...rest }: TdHTMLAttributes<HTMLTableCellElement> & CellAlign) {
  return <td className={cn('px-3 py-2', numeric && 'tabular whitespace-nowrap text-right', className)} {...rest} />;
}
