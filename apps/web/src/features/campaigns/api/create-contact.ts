import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateContactRequest } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { refreshContacts } from './keys';

/** POST /api/contacts — adding a known address adds it to the lists. */
export async function createContact(input: CreateContactRequest) {
  return (await apiRequest('/contacts', { method: 'POST', body: input, schema: 'contactResponseSchema' })).data;
}

export function useCreateContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContact,
    onSuccess: () => refreshContacts(queryClient),
  });
}
