import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { settingsKeys } from './keys';

/** DELETE /api/auth/sessions/{id} — end one of the user's sessions. */
export async function deleteSession(id: string): Promise<void> {
  await apiRequest(`/auth/sessions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    schema: 'successResponseSchema',
  });
}

/** Ends a session; the sessions list is fetched again. */
export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: settingsKeys.sessions() }),
  });
}
