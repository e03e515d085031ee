import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMEOUTS_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { contentKeys } from './keys';

/** GET /api/content/files/session — the uploads of this sign-in session. */
export function getSessionFiles(signal?: AbortSignal) {
  return apiRequest('/content/files/session', {
    signal,
    timeoutMs: TIMEOUTS_MS.content,
    schema: 'sessionFilesResponseSchema',
  });
}

export const sessionFilesQuery = () =>
  queryOptions({ queryKey: contentKeys.session(), queryFn: ({ signal }) => getSessionFiles(signal) });

export function useSessionFiles() {
  return useQuery(sessionFilesQuery());
}
