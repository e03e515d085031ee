import { queryOptions, useQuery } from '@tanstack/react-query';
import { SEARCH, TIMEOUTS_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { contentKeys } from './keys';

/** GET /api/content/recent-searches — newest first; the screen shows the first 5. */
export async function getRecentSearches(signal?: AbortSignal) {
  const searches = await apiRequest('/content/recent-searches', {
    signal,
    timeoutMs: TIMEOUTS_MS.content,
    schema: 'recentSearchesResponseSchema',
  });
  return searches.slice(0, SEARCH.recentShown);
}

export const recentSearchesQuery = () =>
  queryOptions({ queryKey: contentKeys.recentSearches(), queryFn: ({ signal }) => getRecentSearches(signal) });

export function useRecentSearches() {
  return useQuery(recentSearchesQuery());
}
