import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';
import { cn } from '@/lib/cn';
import { SkeletonText } from '@/ui/skeleton';
import { directionArrow, directionClass, directionOf } from '../format';

/** A titled region of the trading screen (a landmark with its heading's name). */
export function Panel({
  id,
  title,
  actions,
  children,
  className,
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card as="section" elevation="flat" aria-labelledby={`${id}-title`} className={cn('min-w-0', className)}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 pb-3 sm:pb-3">
        <CardTitle id={`${id}-title`}>{title}</CardTitle>
        {actions}
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}

/** "Error: {message}" in place, with a retry (DESIGN.md "States"). */
/** What is missing, and the next step. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-md border border-dashed border-border p-4 text-sm">
      <p className="font-medium">{title}</p>
      {children && <div className="mt-1 text-muted">{children}</div>}
    </div>
  );
}

export function LoadingState({ label, lines = 4 }: { label: string; lines?: number }) {
  return <SkeletonText label={label} lines={lines} />;
}

/** A signed figure: colour, and also a sign and an arrow, so colour is never the only signal. */
export function Signed({
  value,
  children,
  className,
}: {
  value: string | number;
  children: ReactNode;
  className?: string;
}) {
  const direction = directionOf(value);
  return (
    <span className={cn('tabular whitespace-nowrap', directionClass[direction], className)}>
      {directionArrow[direction] && (
        <span aria-hidden="true" className="mr-1 text-xs">
          {directionArrow[direction]}
        </span>
      )}
      {children}
    </span>
  );
}

/** A labelled figure of a summary row. */
export function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-0.5">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="tabular text-base font-semibold">{children}</dd>
    </div>
  );
}
