import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TIMEOUTS_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-context';
import { contentKeys } from './keys';

/** DELETE /api/content/files/{id} — the file and its stored bytes are gone. */
export function deleteFile(id: string) {
  return apiRequest(`/content/files/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    timeoutMs: TIMEOUTS_MS.content,
    schema: 'deleteFileResponseSchema',
  });
}

/** Deletes a file; the lists, the stats and the sidebar's Files figure are fetched again. */
export function useDeleteFile() {
  const queryClient = useQueryClient();
  const { refreshUser } = useAuth();
  return useMutation({
    mutationKey: contentKeys.deleteFile(),
    mutationFn: deleteFile,
    onSettled: () => {
      void refreshUser().catch(() => undefined);
      return queryClient.invalidateQueries({ queryKey: contentKeys.files() });
    },
  });
}
