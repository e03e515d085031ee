import { useEffect, useRef, useState, type HTMLAttributes, type TdHTMLAttributes, type ThHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/**
 * Whether the box is narrower than its content (it then scrolls sideways). The widths are read only
 * in the observer's callback, which the browser calls once the box is laid out (the first time
 * right after `observe`): read while mounting, they forced a layout of the whole page inside the
 * render's task (≈ 140 ms of /trades' longest task on Lighthouse's simulated phone).
 */
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
    return () => observer.disconnect();
  }, []);
  return [ref, overflows] as const;
}

export interface TableProps extends HTMLAttributes<HTMLTableElement> {
  /** Names the scrolling box when the table is wider than the screen (default: "Table"). */
  scrollLabel?: string;
  /**
   * Below the md breakpoint each row becomes a card of "label: value" lines (the cells' `label`),
   * so a wide table reads on a phone without sideways scrolling; from md up it is a table. `"xl"`
   * keeps the cards up to the xl breakpoint, for a table too wide for a tablet or a small laptop.
   */
  stacked?: boolean | 'xl';
}

/**
 * The stacked layout, as classes on the table (literal, for Tailwind; the `stacked` variant in
 * index.css says below which width, from the table's data-stacked): the header row stays for
 * screen readers only, each row is a block and each labelled cell a line with its label first.
 */
const STACKED = [
  'stacked:block stacked:[&>thead]:sr-only stacked:[&>tbody]:block',
  'stacked:[&>tbody>tr]:block stacked:[&>tbody>tr]:px-3 stacked:[&>tbody>tr]:py-2',
  'stacked:[&>tbody>tr>td]:flex stacked:[&>tbody>tr>td]:items-baseline stacked:[&>tbody>tr>td]:justify-between',
  'stacked:[&>tbody>tr>td]:gap-3 stacked:[&>tbody>tr>td]:px-0 stacked:[&>tbody>tr>td]:py-0.5',
  'stacked:[&>tbody>tr>td]:text-right stacked:[&>tbody>tr>td:first-child]:text-left',
  'stacked:[&>tbody>tr>td[data-label]]:before:content-[attr(data-label)_/_""]',
  'stacked:[&>tbody>tr>td[data-label]]:before:text-muted stacked:[&>tbody>tr>td[data-label]]:before:font-normal',
  'stacked:[&>tbody>tr>td[data-label]]:before:text-left stacked:[&>tbody>tr>td[data-label]]:before:shrink-0',
].join(' ');

/**
 * A table that scrolls sideways inside its own box on narrow screens (the page never does); the
 * box can then be focused, so keyboard users can scroll it too.
 */
export function Table({ className, scrollLabel = 'Table', stacked = false, ...rest }: TableProps) {
  const [ref, overflows] = useOverflowsX<HTMLDivElement>();
  return (
    <div
      ref={ref}
      {...(overflows ? { tabIndex: 0, role: 'region', 'aria-label': `${scrollLabel} (scrolls sideways)` } : {})}
      // relative: what is positioned inside (an sr-only header's text) scrolls with the box, never past the page
      className="relative w-full overflow-x-auto rounded-md border border-border"
    >
      <table
        data-stacked={stacked === true ? 'md' : stacked || undefined}
        className={cn('w-full border-collapse text-sm', stacked && STACKED, className)}
        {...rest}
      />
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

export function TableCell({
  className,
  numeric,
  label,
  ...rest
}: TdHTMLAttributes<HTMLTableCellElement> &
  CellAlign & {
    /** The column's name, shown before the value when a `stacked` table is a list of cards. */
    label?: string;
  }) {
  return (
    <td
      data-label={label}
      className={cn('px-3 py-2', numeric && 'tabular whitespace-nowrap text-right', className)}
      {...rest}
    />
  );
}
