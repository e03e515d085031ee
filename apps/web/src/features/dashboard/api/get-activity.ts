import { queryOptions, useQuery } from '@tanstack/react-query';
import { retryDataLoading } from '@/lib/query-client';
import { apiRequest } from '@/lib/api-client';
import { timeZoneHeaders } from './browser-time-zone';
import { dashboardKeys } from './keys';

/**
 * GET /api/me/activity — streak, XP, level, today's progress and goals, the sidebar's counts and
 * recent events. The first call of the user's day records the visit (Daily Login).
 */
export function getActivity(signal?: AbortSignal) {
  return apiRequest('/me/activity', { signal, headers: timeZoneHeaders(), schema: 'activityResponseSchema' });
}

export const activityQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.activity(),
    queryFn: ({ signal }) => getActivity(signal),
    // a day can turn while the page is open: read it again after a minute
    staleTime: 60_000,
    ...retryDataLoading,
  });

export function useActivity() {
  return useQuery(activityQuery());
}
