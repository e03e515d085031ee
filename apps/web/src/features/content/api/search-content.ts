import { TIMEOUTS_MS, type SearchRequest } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';

/**
 * POST /api/content/search — the user's own files and everyone's public files, ranked, with a
 * snippet. The server takes the user from the token. Not retried: a new keystroke supersedes it.
 */
export function searchContent(request: SearchRequest, signal?: AbortSignal) {
  return apiRequest('/content/search', {
    method: 'POST',
    body: request,
    signal,
    retries: 0,
    timeoutMs: TIMEOUTS_MS.content,
    schema: 'searchResponseSchema',
  });
}
