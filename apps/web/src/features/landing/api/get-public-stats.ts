import { useQuery } from '@tanstack/react-query';
import type { PublicStats } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { parseAnswer } from '@/features/chat/api/parse-answer';

/** GET /api/stats/public — real sign-ups in the last hour and the total number of users. */
export function getPublicStats(signal?: AbortSignal): Promise<PublicStats> {
  return parseAnswer('publicStatsResponseSchema', apiRequest('/stats/public', { signal, auth: false }));
}

export function usePublicStats() {
  return useQuery({
    queryKey: ['public-stats'],
    queryFn: ({ signal }) => getPublicStats(signal),
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}
