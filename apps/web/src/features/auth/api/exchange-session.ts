import { TIMEOUTS_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/session-exchange — a one-time hand-off token for a new session. */
export function exchangeSession(sessionToken: string) {
  return apiRequest('/auth/session-exchange', {
    method: 'POST',
    body: { sessionToken },
    auth: false,
    timeoutMs: TIMEOUTS_MS.auth,
    schema: 'sessionExchangeResponseSchema',
  });
}
