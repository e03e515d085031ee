import type { HTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

/** A placeholder block with the size of what is loading (so nothing shifts when it arrives). */
export function Skeleton({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div aria-hidden="true" className={cn('animate-pulse rounded-md bg-surface-2', className)} {...rest} />;
}

/** A loading region: announced once as busy, drawn as skeleton lines. */
export function SkeletonText({
  lines = 3,
  label = 'Loading',
  className,
}: {
  lines?: number;
  label?: string;
  className?: string;
}) {
  return (
    <div role="status" aria-busy="true" className={cn('flex flex-col gap-2', className)}>
      <span className="sr-only">{label}</span>
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} className={cn('h-4', i === lines - 1 ? 'w-2/3' : 'w-full')} />
      ))}
    </div>
  );
}
