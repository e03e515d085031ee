import type { QueryClient } from '@tanstack/react-query';
import type { CampaignPreviewRequest, RecipientFilter } from '@tp/shared';

/** A page of a campaign's recipients' results, as asked for and as cached. */
export interface RecipientsPage {
  page: number;
  limit: number;
  filter: RecipientFilter;
}

/** Cache keys of the campaign manager's queries. */
export const campaignKeys = {
  all: ['campaigns'] as const,
  lists: () => [...campaignKeys.all, 'lists'] as const,
  /** Under lists: whatever refreshes the lists' counts refreshes these too. */
  recipients: (listIds: string[]) => [...campaignKeys.lists(), 'recipients', [...listIds].sort().join(',')] as const,
  contacts: (list?: string) => [...campaignKeys.all, 'contacts', list ?? 'all'] as const,
  contactsAll: () => [...campaignKeys.all, 'contacts'] as const,
  history: () => [...campaignKeys.all, 'history'] as const,
  campaign: (id: string) => [...campaignKeys.campaigns(), id] as const,
  campaigns: () => [...campaignKeys.all, 'campaign'] as const,
  /** Under the campaign: whatever refreshes it refreshes its recipients' results too. */
  recipientResults: (id: string, page: RecipientsPage) => [...campaignKeys.campaign(id), 'recipients', page] as const,
  /** Under lists: a change to the contacts shows in the preview too. */
  preview: (request: CampaignPreviewRequest) => [...campaignKeys.lists(), 'preview', request] as const,
  templates: () => [...campaignKeys.all, 'templates'] as const,
  unsubscribe: (token: string) => [...campaignKeys.all, 'unsubscribe', token] as const,
};

/** After a list is deleted: its contacts' memberships, and the campaigns to it, which now say "List deleted". */
export const refreshAfterListDeleted = (queryClient: QueryClient) =>
  Promise.all([
    refreshContacts(queryClient),
    queryClient.invalidateQueries({ queryKey: campaignKeys.history() }),
    queryClient.invalidateQueries({ queryKey: campaignKeys.campaigns() }),
  ]);

/** After contacts change: the lists' counts and the contacts. */
export const refreshContacts = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: campaignKeys.lists() }),
    queryClient.invalidateQueries({ queryKey: campaignKeys.contactsAll() }),
  ]);
