import { TIMEOUTS_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';

/** POST /api/auth/logout — this session, or every session of the user. */
export async function logout(everywhere: boolean): Promise<void> {
  await apiRequest('/auth/logout', {
    method: 'POST',
    body: { everywhere },
    timeoutMs: TIMEOUTS_MS.auth,
    schema: 'successResponseSchema',
  });
}
