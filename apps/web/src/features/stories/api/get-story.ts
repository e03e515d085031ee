import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { parseAnswer } from '@/lib/parse-answer';

/** GET /api/stories/{id} — one story with its body as server-rendered HTML. */
export async function getStory(id: string, signal?: AbortSignal) {
  const path = `/stories/${encodeURIComponent(id)}`;
  return (await parseAnswer('storyResponseSchema', apiRequest(path, { signal, auth: false }))).story;
}

export function useStory(id: string) {
  return useQuery({ queryKey: ['stories', id], queryFn: ({ signal }) => getStory(id, signal) });
}
