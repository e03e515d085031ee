import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMEOUTS_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { contentKeys } from './keys';

/** GET /api/content/shared-links — the user's live shared links, newest first, with their downloads. */
export function getSharedLinks(signal?: AbortSignal) {
  return apiRequest('/content/shared-links', {
    signal,
    timeoutMs: TIMEOUTS_MS.content,
    schema: 'sharedLinksResponseSchema',
  });
}

/** Downloads arrive while the page is open: the list is read again every minute (and on focus). */
const REFRESH_MS = 60_000;

export const sharedLinksQuery = () =>
  queryOptions({
    queryKey: contentKeys.sharedLinks(),
    queryFn: ({ signal }) => getSharedLinks(signal),
    refetchInterval: REFRESH_MS,
  });

export function useSharedLinks() {
  return useQuery(sharedLinksQuery());
}
