import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { parseAnswer } from '@/lib/parse-answer';

/** GET /api/stories — the list, newest first. */
export async function getStories(signal?: AbortSignal) {
  return (await parseAnswer('storiesResponseSchema', apiRequest('/stories', { signal, auth: false }))).stories;
}

export function useStories() {
  return useQuery({ queryKey: ['stories'], queryFn: ({ signal }) => getStories(signal) });
}
