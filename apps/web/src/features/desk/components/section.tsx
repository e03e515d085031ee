import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Card } from '@/ui/card';

/**
 * A titled region of the desk: a landmark named by its heading, with its actions beside the title.
 * A `note` explains the figures after them: below the fold on a phone, so a long explanation is not
 * the screen's largest paint, which would then wait for the figures (docs/decisions/0055).
 */
export function DeskSection({
  id,
  title,
  description,
  note,
  actions,
  children,
  className,
}: {
  id: string;
  title: string;
  description?: ReactNode;
  note?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Card as="section" elevation="flat" aria-labelledby={`${id}-title`} className={cn('min-w-0 p-4 sm:p-5', className)}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <h2 id={`${id}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          {description && <p className="mt-1 text-sm text-muted">{description}</p>}
        </div>
        {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
      </div>
      <div className="mt-4">{children}</div>
      {note && <p className="mt-3 text-sm text-muted">{note}</p>}
    </Card>
  );
}
