import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { parseLazy } from '@/lib/parse-lazy';

export const mailboxQueryKey = ['dev-mailbox'] as const;
export const MAILBOX_POLL_MS = 5_000;

/** GET /api/dev/mailbox — outbox messages, newest first (404 when the dev mailbox is off). */
export function getMailbox(signal?: AbortSignal) {
  return parseLazy(
    () => import('./schemas').then((m) => m.devMailboxListSchema),
    apiRequest('/dev/mailbox', { signal, auth: false, retries: 0 }),
  );
}

export function useMailbox() {
  return useQuery({
    queryKey: mailboxQueryKey,
    queryFn: ({ signal }) => getMailbox(signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.error ? false : MAILBOX_POLL_MS),
    retry: false,
  });
}
