import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshContacts } from './keys';

/** DELETE /api/contacts/{id} (204). */
export async function deleteContact(id: string): Promise<void> {
  await apiRequest(`/contacts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    onSettled: () => refreshContacts(queryClient),
  });
}
