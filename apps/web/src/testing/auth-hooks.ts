import { installAuthHooks } from '@/lib/api-client';

/**
 * Installs the API client's token hooks as the auth feature would, for a test without it: the
 * access token `token` (none by default), a refresh that is refused, nothing done on a 401.
 */
export function installTestAuthHooks(token: string | null = null): void {
  installAuthHooks({ getAccessToken: () => token, refresh: async () => false, onUnauthorized: () => undefined });
}
