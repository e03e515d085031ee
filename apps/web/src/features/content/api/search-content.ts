import { keepPreviousData, queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { CACHE_MS, TIMEOUTS_MS, type SearchRequest } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { contentKeys } from './keys';
import { useRecordSearch } from './record-search';

/**
 * POST /api/content/search — the user's own files only (another user's public file is never
 * found), ranked, with a snippet. The server takes the user from the token. Not retried: a new keystroke supersedes it.
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
 * One search, kept for the search cache's 10 minutes (docs/product/content-hub.md#search-tab). A
 * blank query does not search; the next query
 * keeps the last results on screen until its own arrive, and a superseded one is aborted. The
 * server records each search it answers, so the recent searches are fetched again after one.
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

/**
 * The search of `request`, each one the user runs put at the front of the recent searches once
 * (docs/product/content-hub.md#recent-searches). A run is a new query or filter: when the server
 * answers it, the server records it;
 * when the cache answers it (the same search within 10 minutes), `POST /recent-searches` does. The
 * search on screen asked for again (`refetch`) is fetched, so the server records it.
 */
export function useSearchContent(request: SearchRequest) {
  const queryClient = useQueryClient();
  const options = searchQuery(request);
  const results = useQuery(options);
  const { mutate: record } = useRecordSearch();
  const run = JSON.stringify(options.queryKey);
  const pending = useRef<string | null>(null);
  useEffect(() => {
    pending.current = request.query.trim() === '' ? null : run;
  }, [run, request.query]);

  // answered for this run: from a fetch since it began (the server recorded it), or from the cache
  const answered = results.isSuccess && !results.isFetching && !results.isPlaceholderData;
  const fromCache = answered && !results.isFetchedAfterMount;
  const resultsCount = results.data?.length ?? 0;
  useEffect(() => {
    if (!answered || pending.current !== run) return;
    // the answer came from the cache unless a fetch began since this render (it just went stale)
    if (queryClient.getQueryState(options.queryKey)?.fetchStatus !== 'idle') return;
    pending.current = null;
    if (fromCache) record({ query: request.query.trim(), resultsCount });
  }, [answered, fromCache, run, record, queryClient, options.queryKey, request.query, resultsCount]);
  return results;
}
