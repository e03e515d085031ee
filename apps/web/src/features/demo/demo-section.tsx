import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';

/** One gallery section: a region named by its heading. */
export function DemoSection({
  title,
  children,
  className,
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className={cn('flex min-w-0 flex-col gap-3 rounded-card border border-border bg-surface p-4 sm:p-5', className)}
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}
