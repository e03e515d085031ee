import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TradingPreferences } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { tradingKeys } from './keys';

/** PATCH /api/preferences/trading — only the fields that changed. */
export function updateTradingPreferences(patch: Partial<TradingPreferences>) {
  return apiRequest('/preferences/trading', {
    method: 'PATCH',
    body: patch,
    schema: 'tradingPreferencesResponseSchema',
  }).then((r) => r.data);
}

export function useUpdateTradingPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTradingPreferences,
    onSuccess: (saved) => queryClient.setQueryData(tradingKeys.preferences(), saved),
  });
}
