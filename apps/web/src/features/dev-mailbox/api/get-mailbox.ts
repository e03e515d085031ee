import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { parseLazy } from '@/lib/parse-lazy';

/** GET /api/dev/mailbox — outbox messages, newest first (development only). */
export function useMailbox() {
  return useQuery({
    queryKey: ['dev-mailbox'],
    queryFn: ({ signal }) =>
      parseLazy(
        () => import('@/features/auth/api/schemas').then((m) => m.devMailboxListSchema),
        apiRequest('/dev/mailbox', { signal, auth: false, retries: 0 }),
      ),
    staleTime: 0,
    refetchInterval: 5_000,
    retry: false,
  });
}

/** GET /api/dev/mailbox/{id} — one message with its HTML and text. */
export function useMailboxMessage(id: string | null) {
  return useQuery({
    queryKey: ['dev-mailbox', id],
    enabled: id !== null,
    queryFn: ({ signal }) =>
      parseLazy(
        () => import('@/features/auth/api/schemas').then((m) => m.devMailboxMessageSchema),
        apiRequest(`/dev/mailbox/${encodeURIComponent(id!)}`, { signal, auth: false, retries: 0 }),
      ),
  });
}
