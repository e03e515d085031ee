import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { parseLazy } from '@/lib/parse-lazy';
import { mailboxQueryKey } from './get-mailbox';

/** GET /api/dev/mailbox/{id} — one message with its HTML and text. */
export function getMailboxMessage(id: string, signal?: AbortSignal) {
  return parseLazy(
    () => import('./schemas').then((m) => m.devMailboxMessageSchema),
    apiRequest(`/dev/mailbox/${encodeURIComponent(id)}`, { signal, auth: false, retries: 0 }),
  );
}

export function useMailboxMessage(id: string | null) {
  return useQuery({
    queryKey: [...mailboxQueryKey, id],
    enabled: id !== null,
    queryFn: ({ signal }) => getMailboxMessage(id!, signal),
    retry: false,
  });
}
