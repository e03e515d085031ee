import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { parseLazy } from '@/lib/parse-lazy';
import { sessionsQueryKey } from './get-sessions';

/** DELETE /api/auth/sessions/{id} — end one of the user's sessions. */
export async function deleteSession(id: string): Promise<void> {
  await parseLazy(
    () => import('./schemas').then((m) => m.successResponseSchema),
    apiRequest(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', retries: 0 }),
  );
}

/** Ends a session; the sessions list is fetched again. */
export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
