import type { ReactNode } from 'react';
import { Card, CardContent, CardHeader } from '@/ui/card';
import { cn } from '@/lib/cn';
import { directionArrow, directionOf, toneOf } from '../format';

export type PanelFrame = 'panel' | 'section';

/**
 * A titled region of the trading screen (a landmark with its heading's name). `section` frames it
 * as one of a page's sections instead (the settings cards: their padding and an h2 heading).
 */
export function Panel({
  id,
  title,
  actions,
  children,
  className,
  frame = 'panel',
}: {
  id: string;
  title: string;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
  frame?: PanelFrame;
}) {
  if (frame === 'section') {
    return (
      <Card as="section" elevation="flat" aria-labelledby={`${id}-title`} className={cn('min-w-0 p-6', className)}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          {actions}
        </div>
        <div className="mt-4">{children}</div>
      </Card>
    );
  }
  return (
    <Card as="section" elevation="flat" aria-labelledby={`${id}-title`} className={cn('min-w-0', className)}>
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-2 pb-3 sm:pb-3">
        {/* the panels are the page's sections: h2 under its h1, in a card title's look */}
        <h2 id={`${id}-title`} className="text-base font-semibold leading-tight">
          {title}
        </h2>
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
