import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TradingPreferences } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { tradingKeys } from './keys';

/** PATCH /api/preferences/trading — only the fields that changed. */
export function updatePreferences(patch: Partial<TradingPreferences>) {
  return apiRequest('/preferences/trading', {
    method: 'PATCH',
    body: patch,
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
