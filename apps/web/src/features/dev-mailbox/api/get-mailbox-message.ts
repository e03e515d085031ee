import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailboxKeys } from './keys';

/** GET /api/dev/mailbox/{id} — one message with its HTML and text. */
export function getMailboxMessage(id: string, signal?: AbortSignal) {
  return apiRequest(`/dev/mailbox/${encodeURIComponent(id)}`, {
    signal,
    auth: false,
    schema: 'devMailboxMessageSchema',
  });
}

export const mailboxMessageQuery = (id: string) =>
  queryOptions({
    queryKey: mailboxKeys.message(id),
    queryFn: ({ signal }) => getMailboxMessage(id, signal),
    retry: false,
  });

export function useMailboxMessage(id: string) {
  return useQuery(mailboxMessageQuery(id));
}
