import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { FILE_LIST, TIMEOUTS_MS, type ListFilesResponse } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { contentKeys, type FilesQuery } from './keys';

export type { FilesQuery };

/**
 * GET /api/content/files. As docs/product/api.md#content sends it: period, category and sort only when not their
 * defaults, the search only when not blank.
 */
export function filesQueryString(query: FilesQuery): string {
  const params = new URLSearchParams();
  if (query.page > 1) params.set('page', String(query.page));
  params.set('limit', String(query.limit));
  if (query.period !== 'all') params.set('period', query.period);
  if (query.category !== 'all') params.set('category', query.category);
  if (query.search?.trim()) params.set('search', query.search.trim());
  if (query.sort !== 'recent') params.set('sort', query.sort);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The library as the page opens it: the first page of every file, newest first. */
export const FIRST_FILES_QUERY: FilesQuery = {
  page: 1,
  limit: FILE_LIST.defaultLimit,
  period: 'all',
  category: 'all',
  sort: 'recent',
};

export function getFiles(query: FilesQuery, signal?: AbortSignal) {
  return apiRequest(`/content/files${filesQueryString(query)}`, {
    signal,
    timeoutMs: TIMEOUTS_MS.content,
    schema: 'listFilesResponseSchema',
  });
}

const THUMBNAIL_POLL_MS = 3_000;
const THUMBNAIL_WAIT_MS = 2 * 60_000;
/** The owner's signed links last one to two hours: a page left open fetches its list again well before. */
const LINK_REFRESH_MS = 30 * 60_000;

/** An image uploaded a moment ago whose thumbnail the background job has not made yet. */
export const awaitsThumbnail = (data: ListFilesResponse | undefined, now = Date.now()) =>
  data?.files.some(
    (file) => file.category === 'image' && !file.thumbnailUrl && now - Date.parse(file.createdAt) < THUMBNAIL_WAIT_MS,
  ) ?? false;

export const filesQuery = (query: FilesQuery) =>
  queryOptions({
    queryKey: contentKeys.list(query),
    queryFn: ({ signal }) => getFiles(query, signal),
    // the next page or filter keeps the current one on screen until it arrives
    placeholderData: keepPreviousData,
    refetchInterval: (q) => (awaitsThumbnail(q.state.data) ? THUMBNAIL_POLL_MS : LINK_REFRESH_MS),
  });

export function useFiles(query: FilesQuery) {
  return useQuery(filesQuery(query));
}
