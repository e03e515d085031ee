import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TIMEOUTS_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { contentKeys } from './keys';

/** PUT /api/content/access/{id}/public — "File made public successfully" / "File made private successfully". */
export function setFileVisibility({ id, isPublic }: { id: string; isPublic: boolean }) {
  return apiRequest(`/content/access/${encodeURIComponent(id)}/public`, {
    method: 'PUT',
    body: { isPublic },
    timeoutMs: TIMEOUTS_MS.content,
    schema: 'toggleVisibilityResponseSchema',
  });
}

export function useSetFileVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setFileVisibility,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentKeys.files() }),
  });
}
