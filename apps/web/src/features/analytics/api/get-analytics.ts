import { queryOptions, useQuery } from '@tanstack/react-query';
import { retryDataLoading } from '@/lib/query-client';
import { apiRequest } from '@/lib/api-client';
import { analyticsKeys } from './keys';

/**
 * GET /api/me/analytics — uploads, views, campaign sends/opens/clicks, XP and trades per day for the
 * last 30 days in the user's zone. Opening it completes today's Check Analytics goal.
 */
export function getAnalytics(signal?: AbortSignal) {
  return apiRequest('/me/analytics', { signal, schema: 'analyticsResponseSchema' });
}

export const analyticsQuery = () =>
  queryOptions({
    queryKey: analyticsKeys.activity(),
    queryFn: ({ signal }) => getAnalytics(signal),
    ...retryDataLoading,
  });

export function useAnalytics() {
  return useQuery(analyticsQuery());
}
