import type { PublicConfig } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { pageResource, useResource } from './page-resource';
import { parseAnswer } from './parse-answer';

/** GET /api/config — public runtime configuration (chat provider, pricing, support e-mail...). */
export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return parseAnswer('publicConfigSchema', apiRequest('/config', { signal, auth: false }));
}

const publicConfig = pageResource(getPublicConfig);

export function usePublicConfig() {
  return useResource(publicConfig);
}
