import { FlaskConical } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** What every page or tab for trying the interface says first. */
export const TRY_OUT_TITLE = 'This page is for trying the interface; nothing here is your data.';

/**
 * The banner of a screen that exists to try the interface (the component demos, the feature test
 * page): says so in plain words, and what the screen changes, so nobody takes a sample for their own.
 */
export function TryOutNotice({
  title = TRY_OUT_TITLE,
  children,
  className,
}: {
  title?: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      role="note"
      aria-label="About this page"
      className={cn('flex items-start gap-3 rounded-md border border-warning/60 bg-surface p-3 text-sm', className)}
    >
      <FlaskConical aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
      <div className="min-w-0">
        <p className="font-semibold">{title}</p>
        <div className="mt-1 text-muted">{children}</div>
      </div>
    </div>
  );
}
