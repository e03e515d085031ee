import { queryOptions, useQuery } from '@tanstack/react-query';
import { FILE_LIST } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { campaignKeys } from './keys';

/** GET /api/content/files — the user's own content-hub files, newest first: what a campaign can link to. */
export function getContentFiles(signal?: AbortSignal) {
  return apiRequest(`/content/files?limit=${FILE_LIST.pageSizeMax}`, { signal, schema: 'listFilesResponseSchema' });
}

export const contentFilesQuery = () =>
  queryOptions({
    queryKey: campaignKeys.files(),
    queryFn: async ({ signal }) => (await getContentFiles(signal)).files,
    ...retryDataLoading,
  });

export function useContentFiles(enabled: boolean) {
  return useQuery({ ...contentFilesQuery(), enabled });
}
