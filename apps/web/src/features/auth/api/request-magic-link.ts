import { useMutation } from '@tanstack/react-query';
import { TIMEOUTS_MS, type MagicLinkRequest } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/magic-link — not retried: a retry would send a second e-mail. */
export function requestMagicLink(input: MagicLinkRequest) {
  return apiRequest('/auth/magic-link', {
    method: 'POST',
    body: { ...input, clientInfo: { userAgent: navigator.userAgent.slice(0, 512) } },
    auth: false,
    timeoutMs: TIMEOUTS_MS.auth,
    schema: 'magicLinkResponseSchema',
  });
}

export function useRequestMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}
