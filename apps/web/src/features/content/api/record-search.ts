import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SEARCH, TIMEOUTS_MS, type RecordSearchRequest } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { contentKeys } from './keys';

/**
 * POST /api/content/recent-searches — a search answered from the client's cache goes to the front
 * of the recent searches, as one the server answers does
 * (docs/product/content-hub.md#recent-searches). Answers the recent searches.
 */
export async function recordSearch(request: RecordSearchRequest) {
  const searches = await apiRequest('/content/recent-searches', {
    method: 'POST',
    body: request,
    timeoutMs: TIMEOUTS_MS.content,
    schema: 'recentSearchesResponseSchema',
  });
  return searches.slice(0, SEARCH.recentShown);
}

/** Records a search answered from the cache; the recent searches show the server's answer. */
export function useRecordSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: recordSearch,
    onSuccess: (searches) => queryClient.setQueryData(contentKeys.recentSearches(), searches),
  });
}
