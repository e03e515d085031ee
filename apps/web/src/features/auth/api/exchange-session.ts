import { TIMEOUTS_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { timeZoneHeaders } from '@/lib/browser-time-zone';

/** POST /api/auth/session-exchange — a one-time hand-off token for a new session. */
export function exchangeSession(sessionToken: string) {
  return apiRequest('/auth/session-exchange', {
    method: 'POST',
    body: { sessionToken },
    headers: timeZoneHeaders(),
    auth: false,
    timeoutMs: TIMEOUTS_MS.auth,
    schema: 'sessionExchangeResponseSchema',
  });
}
