import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { sessionsQueryKey } from './get-sessions';

/** DELETE /api/auth/sessions/{id} — end one of the user's sessions. */
export async function deleteSession(id: string): Promise<void> {
  await apiRequest(`/auth/sessions/${encodeURIComponent(id)}`, { method: 'DELETE', retries: 0 });
}

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQueryKey }),
  });
}
