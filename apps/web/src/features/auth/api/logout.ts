import { apiRequest } from '@/lib/api-client';
import { parseLazy } from '@/lib/parse-lazy';

/** POST /api/auth/logout — this session, or every session of the user. */
export async function logout(everywhere: boolean): Promise<void> {
  await parseLazy(
    () => import('./schemas').then((m) => m.successResponseSchema),
    apiRequest('/auth/logout', { method: 'POST', body: { everywhere }, retries: 0 }),
  );
}
