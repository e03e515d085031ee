import { queryOptions, useQuery } from '@tanstack/react-query';
import { TIMEOUTS_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { campaignKeys } from './keys';

/** GET /api/email/templates — the composer's templates (kind campaign), each with a preview. */
export function getTemplates(signal?: AbortSignal) {
  return apiRequest('/email/templates', {
    signal,
    timeoutMs: TIMEOUTS_MS.email,
    schema: 'emailTemplatesResponseSchema',
  });
}

export const templatesQuery = () =>
  queryOptions({
    queryKey: campaignKeys.templates(),
    queryFn: async ({ signal }) => (await getTemplates(signal)).templates.filter((t) => t.kind === 'campaign'),
    staleTime: Infinity,
    ...retryDataLoading,
  });

export function useTemplates() {
  return useQuery(templatesQuery());
}
