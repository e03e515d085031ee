import { queryOptions, useQuery } from '@tanstack/react-query';
import { retryDataLoading } from '@/lib/query-client';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** GET /api/content/files/stats — the user's files: count, size, categories, newest uploads. */
export function getFileStats(signal?: AbortSignal) {
  return apiRequest('/content/files/stats', { signal, schema: 'fileStatsResponseSchema' });
}

export const fileStatsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.fileStats(),
    queryFn: ({ signal }) => getFileStats(signal),
    staleTime: 30_000,
    ...retryDataLoading,
  });

export function useFileStats() {
  return useQuery(fileStatsQuery());
}
