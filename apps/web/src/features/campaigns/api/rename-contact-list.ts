import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactListRequest } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { campaignKeys } from './keys';

/** PATCH /api/contact-lists/{id} — a new name (409 when another list has it, 404 when the list is gone). */
export async function renameContactList({ id, ...input }: ContactListRequest & { id: string }) {
  return (
    await apiRequest(`/contact-lists/${encodeURIComponent(id)}`, {
      method: 'PATCH',
      body: input,
      schema: 'contactListResponseSchema',
    })
  ).data;
}

export function useRenameContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: renameContactList,
    onSettled: () => queryClient.invalidateQueries({ queryKey: campaignKeys.lists() }),
  });
}
