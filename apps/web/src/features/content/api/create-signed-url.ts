import { useMutation } from '@tanstack/react-query';
import { SIGNED_URL_DEFAULT_SECONDS, TIMEOUTS_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';

/** POST /api/content/access/{id}/signed — an expiring link anyone can open (1 hour by default). */
export function createSignedUrl({ id, expiresIn = SIGNED_URL_DEFAULT_SECONDS }: { id: string; expiresIn?: number }) {
  return apiRequest(`/content/access/${encodeURIComponent(id)}/signed`, {
    method: 'POST',
    body: { expiresIn },
    timeoutMs: TIMEOUTS_MS.content,
    schema: 'signedUrlResponseSchema',
  });
}

export function useCreateSignedUrl() {
  return useMutation({ mutationFn: createSignedUrl });
}
