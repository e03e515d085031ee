import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { campaignKeys } from './keys';

export const CONTACTS_PAGE_SIZE = 50;

/** GET /api/contacts?list= — the newest contacts first, one page. */
export function getContacts(list: string | undefined, signal?: AbortSignal) {
  const query = new URLSearchParams({ limit: String(CONTACTS_PAGE_SIZE), ...(list ? { list } : {}) });
  return apiRequest(`/contacts?${query.toString()}`, { signal, schema: 'contactsResponseSchema' });
}

export const contactsQuery = (list?: string) =>
  queryOptions({
    queryKey: campaignKeys.contacts(list),
    queryFn: ({ signal }) => getContacts(list, signal),
    ...retryDataLoading,
  });

export function useContacts(list?: string) {
  return useQuery(contactsQuery(list));
}
