import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useAuth } from '@/lib/auth-context';
import { retryDataLoading } from '@/lib/query-client';
import { apiRequest } from '@/lib/api-client';
import { timeZoneHeaders } from '@/lib/browser-time-zone';
import { dashboardKeys } from './keys';

/**
 * GET /api/me/activity — streak, XP, level, today's progress and goals, the sidebar's counts and
 * recent events. The first call of the user's day records the visit (Daily Login).
 */
export function getActivity(signal?: AbortSignal) {
  return apiRequest('/me/activity', {
    signal,
    headers: timeZoneHeaders(),
    schema: 'activityResponseSchema',
  });
}

export const activityQuery = () =>
  queryOptions({
    queryKey: dashboardKeys.activity(),
    queryFn: ({ signal }) => getActivity(signal),
    // a day can turn while the page is open: read it again after a minute
    staleTime: 60_000,
    ...retryDataLoading,
  });

/**
 * The activity, and the session's user kept in its zone: the first call can make the browser's zone
 * the user's (docs/decisions/0020), and every signed-in screen writes times in that zone.
 */
export function useActivity() {
  const activity = useQuery(activityQuery());
  const { user, setUser } = useAuth();
  const zone = activity.data?.timeZone;
  useEffect(() => {
    if (user && zone && user.timezone !== zone) setUser({ ...user, timezone: zone });
  }, [user, zone, setUser]);
  return activity;
}
