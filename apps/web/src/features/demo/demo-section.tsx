import { useId, type ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Card } from '@/ui/card';

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
    <Card
      as="section"
      elevation="flat"
      aria-labelledby={id}
      className={cn('flex min-w-0 flex-col gap-3 p-4 sm:p-5', className)}
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </Card>
  );
}
