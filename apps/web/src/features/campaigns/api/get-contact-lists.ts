import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { campaignKeys } from './keys';

/** GET /api/contact-lists — the user's lists with their contact counts. */
export function getContactLists(signal?: AbortSignal) {
  return apiRequest('/contact-lists', { signal, schema: 'contactListsResponseSchema' });
}

export const contactListsQuery = () =>
  queryOptions({
    queryKey: campaignKeys.lists(),
    queryFn: async ({ signal }) => (await getContactLists(signal)).data,
    ...retryDataLoading,
  });

export function useContactLists() {
  return useQuery(contactListsQuery());
}
