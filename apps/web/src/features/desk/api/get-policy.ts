import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { deskKeys } from './keys';

/** GET /api/desk/policy — target ratios, budget rates and alerts (the defaults until saved). */
export function getPolicy(signal?: AbortSignal) {
  return apiRequest('/desk/policy', { signal, schema: 'policyResponseSchema' }).then((r) => r.data);
}

export const policyQuery = () =>
  queryOptions({ queryKey: deskKeys.policy(), queryFn: ({ signal }) => getPolicy(signal), ...retryDataLoading });

export function usePolicy() {
  return useQuery(policyQuery());
}
