import { useMutation } from '@tanstack/react-query';
import { TIMEOUTS_MS, type MagicLinkRequest } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { parseLazy } from '@/lib/parse-lazy';

/** POST /api/auth/magic-link — not retried: a retry would send a second e-mail. */
export function requestMagicLink(input: MagicLinkRequest) {
  return parseLazy(
    () => import('./schemas').then((m) => m.magicLinkResponseSchema),
    apiRequest('/auth/magic-link', {
      method: 'POST',
      body: { ...input, clientInfo: { userAgent: navigator.userAgent.slice(0, 512) } },
      auth: false,
      retries: 0,
      timeoutMs: TIMEOUTS_MS.auth,
    }),
  );
}

export function useRequestMagicLink() {
  return useMutation({ mutationFn: requestMagicLink });
}
