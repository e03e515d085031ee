import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { mailboxKeys } from './keys';

export const MAILBOX_POLL_MS = 5_000;

/** GET /api/dev/mailbox — outbox messages, newest first (404 when the dev mailbox is off). */
export function getMailbox(signal?: AbortSignal) {
  return apiRequest('/dev/mailbox', { signal, auth: false, schema: 'devMailboxListSchema' });
}

export const mailboxQuery = () =>
  queryOptions({
    queryKey: mailboxKeys.list(),
    queryFn: ({ signal }) => getMailbox(signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.error ? false : MAILBOX_POLL_MS),
    retry: false,
  });

export function useMailbox() {
  return useQuery(mailboxQuery());
}
