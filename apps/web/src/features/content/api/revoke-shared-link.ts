import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TIMEOUTS_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { contentKeys } from './keys';

/** DELETE /api/content/shared-links/{id} — the link stops opening its file at once. */
export function revokeSharedLink(id: string) {
  return apiRequest(`/content/shared-links/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    timeoutMs: TIMEOUTS_MS.content,
    schema: 'revokeSharedLinkResponseSchema',
  });
}

export function useRevokeSharedLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSharedLink,
    onSettled: () => queryClient.invalidateQueries({ queryKey: contentKeys.sharedLinks() }),
  });
}
