import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { LoadError } from '@/ui/load-error';
import { SkeletonText } from '@/ui/skeleton';

/**
 * A data region's loading (skeleton), error ("Error: {message}" in place, with retry) and loaded
 * states (DESIGN.md); the loaded state is the children, given the data.
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
    return <LoadError message={query.error.message} onRetry={() => void query.refetch()} />;
  }
  return <SkeletonText lines={lines} label={`Loading ${label}`} />;
}
