import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader, CardTitle } from '@/ui/card';
import { cn } from '@/lib/cn';
import { directionArrow, directionOf, toneOf } from '../format';

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

/** A signed figure: colour, and also a sign and an arrow, so colour is never the only signal. */
export function Signed({
  value,
  children,
  className,
  wrap = false,
}: {
  value: string | number;
  children: ReactNode;
  className?: string;
  /** Lets the figure break at its spaces (its parts keep their own `whitespace-nowrap`). */
  wrap?: boolean;
}) {
  const direction = directionOf(value);
  return (
    <span className={cn('tabular', !wrap && 'whitespace-nowrap', toneOf(value), className)}>
      {directionArrow[direction] && (
        <span aria-hidden="true" className="mr-1 text-xs">
          {directionArrow[direction]}
        </span>
      )}
      {children}
    </span>
  );
}
