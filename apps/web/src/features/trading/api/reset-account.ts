import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { tradingKeys } from './keys';

/** POST /api/trading/account/reset — a fresh paper account; the old one's history stays readable. */
export function resetAccount() {
  return apiRequest('/trading/account/reset', {
    method: 'POST',
    schema: 'accountResetResponseSchema',
  }).then((r) => r.data);
}

export function useResetAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetAccount,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tradingKeys.all }),
  });
}
