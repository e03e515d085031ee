import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshBooks } from './keys';

/** POST /api/desk/forwards/{id}/roll — closes it and books the undelivered amount to a later maturity. */
export function rollForward({ id, maturityDate }: { id: string; maturityDate: string }) {
  return apiRequest(`/desk/forwards/${encodeURIComponent(id)}/roll`, {
    method: 'POST',
    body: { maturityDate },
    schema: 'rollResponseSchema',
  }).then((r) => r.data);
}

export function useRollForward() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: rollForward, onSuccess: () => refreshBooks(queryClient) });
}
