import type { PublicConfig } from '@tp/shared';
import { apiRequest, CLIENT_RETRIES } from '@/lib/api-client';
import { pageResource, useResource } from './page-resource';

/** GET /api/config — public runtime configuration (chat provider, pricing, support e-mail...). */
export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return apiRequest('/config', { signal, auth: false, retries: CLIENT_RETRIES, schema: 'publicConfigSchema' });
}

const publicConfig = pageResource(getPublicConfig);

export function usePublicConfig() {
  return useResource(publicConfig);
}
