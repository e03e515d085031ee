import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { CACHE_MS, TIMEOUTS_MS, type SearchRequest } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { contentKeys } from './keys';

/**
 * POST /api/content/search — the user's own files and everyone's public files, ranked, with a
 * snippet. The server takes the user from the token. Not retried: a new keystroke supersedes it.
 */
export function searchContent(request: SearchRequest, signal?: AbortSignal) {
  return apiRequest('/content/search', {
    method: 'POST',
    body: request,
    signal,
    timeoutMs: TIMEOUTS_MS.content,
    schema: 'searchResponseSchema',
  });
}

/**
 * One search, kept for the spec's cache TTL (02 §9). A blank query does not search; the next query
 * keeps the last results on screen until its own arrive, and a superseded one is aborted. The
 * server records each search, so the recent searches are fetched again after one.
 */
export const searchQuery = (request: SearchRequest) =>
  queryOptions({
    queryKey: contentKeys.search(request),
    queryFn: async ({ signal, client }) => {
      const results = await searchContent(request, signal);
      void client.invalidateQueries({ queryKey: contentKeys.recentSearches() });
      return results;
    },
    enabled: request.query.trim() !== '',
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: CACHE_MS.search,
    gcTime: CACHE_MS.search,
  });
