import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactListMemberParams } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { refreshContacts } from './keys';

/**
 * DELETE /api/contact-lists/{id}/contacts/{contactId} (204): the contact leaves the list; the
 * contact and the list stay. 404 when either is gone or the list no longer holds the contact.
 */
export async function removeListMember({ id, contactId }: ContactListMemberParams): Promise<void> {
  await apiRequest(`/contact-lists/${encodeURIComponent(id)}/contacts/${encodeURIComponent(contactId)}`, {
    method: 'DELETE',
  });
}

export function useRemoveListMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeListMember,
    // the lists' counts and the contact's memberships; a 404 (changed elsewhere) refreshes them too
    onSettled: () => refreshContacts(queryClient),
  });
}
