import type { HTMLAttributes, TdHTMLAttributes, ThHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** A table that scrolls sideways inside its own box on narrow screens (the page never does). */
export function Table({ className, ...rest }: HTMLAttributes<HTMLTableElement>) {
  return (
    <div className="w-full overflow-x-auto rounded-md border border-border">
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

export function TableHead({ className, numeric, scope = 'col', ...rest }: ThHTMLAttributes<HTMLTableCellElement> & CellAlign) {
  return (
    <th
      scope={scope}
      className={cn('whitespace-nowrap px-3 py-2 font-medium text-muted', numeric ? 'text-right' : 'text-left', className)}
      {...rest}
    />
  );
}

export function TableCell({ className, numeric, ...rest }: TdHTMLAttributes<HTMLTableCellElement> & CellAlign) {
  return <td className={cn('px-3 py-2', numeric && 'tabular whitespace-nowrap text-right', className)} {...rest} />;
}
