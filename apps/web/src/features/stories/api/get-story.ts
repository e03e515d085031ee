import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { storyKeys } from './keys';

/** GET /api/stories/{id} — one story with its body as server-rendered HTML. */
export async function getStory(id: string, signal?: AbortSignal) {
  const path = `/stories/${encodeURIComponent(id)}`;
  return (await apiRequest(path, { signal, auth: false, schema: 'storyResponseSchema' })).story;
}

export const storyQuery = (id: string) =>
  queryOptions({ queryKey: storyKeys.detail(id), queryFn: ({ signal }) => getStory(id, signal) });

export function useStory(id: string) {
  return useQuery(storyQuery(id));
}
