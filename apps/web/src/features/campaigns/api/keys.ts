import type { QueryClient } from '@tanstack/react-query';

/** Cache keys of the campaign manager's queries. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  lists: () => [...campaignKeys.all, 'lists'] as const,
  /** Under lists: whatever refreshes the lists' counts refreshes these too. */
  recipients: (listIds: string[]) => [...campaignKeys.lists(), 'recipients', [...listIds].sort().join(',')] as const,
  contacts: (list?: string) => [...campaignKeys.all, 'contacts', list ?? 'all'] as const,
  contactsAll: () => [...campaignKeys.all, 'contacts'] as const,
  history: () => [...campaignKeys.all, 'history'] as const,
  campaign: (id: string) => [...campaignKeys.all, 'campaign', id] as const,
  templates: () => [...campaignKeys.all, 'templates'] as const,
  unsubscribe: (token: string) => [...campaignKeys.all, 'unsubscribe', token] as const,
};

/** After contacts change: the lists' counts and the contacts. */
export const refreshContacts = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: campaignKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: campaignKeys.contactsAll() }),
  ]);
