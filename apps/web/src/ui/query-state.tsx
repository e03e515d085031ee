import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { LoadError } from './load-error';
import { Skeleton } from './skeleton';

/**
 * A region that is loading: announced once as busy, drawn as skeleton lines, or as the given
 * placeholders (`Skeleton` blocks with the size of what arrives, so nothing shifts).
 */
export function LoadingState({
  label = 'Loading',
  lines = 3,
  className,
  children,
}: {
  label?: string;
  lines?: number;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <div role="status" aria-busy="true" className={cn(!children && 'flex flex-col gap-2', className)}>
      <span className="sr-only">{label}</span>
      {children ??
        Array.from({ length: lines }, (_, i) => (
          <Skeleton key={i} className={cn('h-4', i === lines - 1 ? 'w-2/3' : 'w-full')} />
        ))}
    </div>
  );
}

/** What is missing, and the next step. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-md border border-dashed border-border p-4 text-sm">
      <p className="font-medium">{title}</p>
      {children && <div className="mt-1 text-muted">{children}</div>}
    </div>
  );
}

/**
 * A data region's loading (skeleton lines, "Loading {label}"), error ("Error: {message}" in place,
 * with retry) and loaded states (docs/product/ui-layer.md#states); the loaded state is the children, given the data.
 */
export function QueryState<T>({
  query,
  label,
  lines = 3,
  children,
}: {
  query: UseQueryResult<T>;
  label: string;
  lines?: number;
  children: (data: T) => ReactNode;
}) {
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return <LoadError error={query.error} onRetry={() => void query.refetch()} />;
  }
  return <LoadingState lines={lines} label={`Loading ${label}`} />;
}
