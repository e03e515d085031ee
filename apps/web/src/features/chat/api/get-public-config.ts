import { useQuery } from '@tanstack/react-query';
import type { PublicConfig } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { parseAnswer } from './parse-answer';

/** GET /api/config — public runtime configuration (chat provider, pricing, support e-mail...). */
export const publicConfigQueryKey = ['public-config'] as const;

export function getPublicConfig(signal?: AbortSignal): Promise<PublicConfig> {
  return parseAnswer('publicConfigSchema', apiRequest('/config', { signal, auth: false }));
}

export function usePublicConfig() {
  return useQuery({
    queryKey: publicConfigQueryKey,
    queryFn: ({ signal }) => getPublicConfig(signal),
    staleTime: Infinity,
  });
}
