import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContactListRequest } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { campaignKeys } from './keys';

/** POST /api/contact-lists */
export async function createContactList(input: ContactListRequest) {
  return (await apiRequest('/contact-lists', { method: 'POST', body: input, schema: 'contactListResponseSchema' }))
    .data;
}

export function useCreateContactList() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createContactList,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.lists() }),
  });
}
