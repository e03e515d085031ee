import { TIMEOUTS_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { timeZoneHeaders } from '@/lib/browser-time-zone';

/** POST /api/auth/verify — the only call that consumes a magic-link token. */
export function verifyMagicLink(token: string) {
  return apiRequest('/auth/verify', {
    method: 'POST',
    body: { token },
    headers: timeZoneHeaders(),
    auth: false,
    timeoutMs: TIMEOUTS_MS.auth,
    schema: 'verifyResponseSchema',
  });
}
