import type { PublicStats } from '@tp/shared';
import { apiRequest, CLIENT_RETRIES } from '@/lib/api-client';
import { pageResource, useResource } from '@/lib/page-resource';

/** GET /api/stats/public — real sign-ups in the last hour and the total number of users. */
export function getPublicStats(signal?: AbortSignal): Promise<PublicStats> {
  return apiRequest('/stats/public', {
    signal,
    auth: false,
    retries: CLIENT_RETRIES,
    schema: 'publicStatsResponseSchema',
  });
}

const publicStats = pageResource(getPublicStats, { refreshMs: 60_000 });

/** Refreshed every minute while the landing page shows it. */
export function usePublicStats() {
  return useResource(publicStats);
}
