import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { queryClient } from '@/lib/query-client';

/**
 * Provides TanStack Query to every route but the landing and static pages: a lazy layout route,
 * so the library is not part of what a first visit to / downloads (docs/decisions/0012).
 */
export default function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
