import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMEOUTS_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { contentKeys } from './keys';

/** GET /api/content/files/stats — counts, total size, categories and the newest uploads. */
export function getFileStats(signal?: AbortSignal) {
  return apiRequest('/content/files/stats', {
    signal,
    timeoutMs: TIMEOUTS_MS.content,
    schema: 'fileStatsResponseSchema',
  });
}

export const fileStatsQuery = () =>
  queryOptions({ queryKey: contentKeys.stats(), queryFn: ({ signal }) => getFileStats(signal) });

export function useFileStats() {
  return useQuery(fileStatsQuery());
}
