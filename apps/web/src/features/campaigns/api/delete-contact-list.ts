import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshAfterListDeleted } from './keys';

/** DELETE /api/contact-lists/{id} (204): the list and its memberships go, its contacts stay. */
export async function deleteContactList(id: string): Promise<void> {
  await apiRequest(`/contact-lists/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContactList,
    // the lists, the contacts' memberships and the campaigns' "List deleted"; a 404 (deleted elsewhere) refreshes them too
    onSettled: () => refreshAfterListDeleted(queryClient),
  });
}
