import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { storyKeys } from './keys';

/** GET /api/stories — the list, newest first. */
export async function getStories(signal?: AbortSignal) {
  return (await apiRequest('/stories', { signal, auth: false, schema: 'storiesResponseSchema' })).stories;
}

export const storiesQuery = () =>
  queryOptions({ queryKey: storyKeys.list(), queryFn: ({ signal }) => getStories(signal) });

export function useStories() {
  return useQuery(storiesQuery());
}
