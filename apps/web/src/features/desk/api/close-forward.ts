import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { refreshBooks } from './keys';

/** POST /api/desk/forwards/{id}/close — ends a live forward at its mark-to-market of this second. */
export function closeForward(id: string) {
  return apiRequest(`/desk/forwards/${encodeURIComponent(id)}/close`, {
    method: 'POST',
    schema: 'forwardResponseSchema',
  }).then((r) => r.data);
}

export function useCloseForward() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: closeForward, onSuccess: () => refreshBooks(queryClient) });
}
