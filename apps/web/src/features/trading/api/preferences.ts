import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TradingPreferences } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { tradingKeys } from './keys';

/** GET /api/preferences/trading (spec 02 §3). */
export const preferencesQuery = () =>
  queryOptions({
    queryKey: tradingKeys.preferences(),
    queryFn: ({ signal }) =>
      apiRequest('/preferences/trading', { signal, schema: 'tradingPreferencesResponseSchema' }).then((r) => r.data),
    ...retryDataLoading,
  });

export function useTradingPreferences() {
  return useQuery(preferencesQuery());
}

/** PATCH /api/preferences/trading — only the fields that changed. */
export function updatePreferences(patch: Partial<TradingPreferences>) {
  return apiRequest('/preferences/trading', {
    method: 'PATCH',
    body: patch,
    retries: 0,
    schema: 'tradingPreferencesResponseSchema',
  }).then((r) => r.data);
}

export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePreferences,
    onSuccess: (saved) => queryClient.setQueryData(tradingKeys.preferences(), saved),
  });
}
