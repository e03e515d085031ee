import { queryOptions, useQuery } from '@tanstack/react-query';
import { retryDataLoading } from '@/lib/query-client';
import { apiRequest } from '@/lib/api-client';
import { dashboardKeys } from './keys';

/** GET /api/me/achievements — badges earned (with the date) and locked, with progress toward each. */
export function getAchievements(signal?: AbortSignal) {
  return apiRequest('/me/achievements', { signal, schema: 'achievementsResponseSchema' });
}

export const achievementsQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.achievements(),
    queryFn: ({ signal }) => getAchievements(signal),
    staleTime: 0,
    ...retryDataLoading,
  });

export function useAchievements() {
  return useQuery(achievementsQuery());
}
