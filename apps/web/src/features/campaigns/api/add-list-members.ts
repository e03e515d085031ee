import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddListMembersRequest } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { refreshContacts } from './keys';

/**
 * POST /api/contact-lists/members — contacts already in the address book join lists; never makes a
 * contact. 404 naming each contact or list deleted meanwhile (`contacts.0`, `lists.1`), and nothing
 * is linked.
 */
export async function addListMembers(input: AddListMembersRequest) {
  return (
    await apiRequest('/contact-lists/members', {
      method: 'POST',
      body: input,
      schema: 'addListMembersResponseSchema',
    })
  ).data;
}

export function useAddListMembers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addListMembers,
    // the lists' counts and the contacts' memberships; a 404 (deleted elsewhere) refreshes them too
    onSettled: () => refreshContacts(queryClient),
  });
}
