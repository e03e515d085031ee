import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Policy, PolicyInput } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { deskKeys } from './keys';

/** PUT /api/desk/policy — replaces the whole policy: ratios, budget rates and alerts together. */
export function updatePolicy(policy: PolicyInput) {
  return apiRequest('/desk/policy', { method: 'PUT', body: policy, schema: 'policyResponseSchema' }).then(
    (r) => r.data,
  );
}

/** The policy as PUT takes it back: what the server answered, without its time stamp. */
export const policyInput = ({ targetRatios, budgetRates, alerts }: Policy): PolicyInput => ({
  targetRatios: {
    '0-3': targetRatios['0-3'],
    '3-6': targetRatios['3-6'],
    '6-12': targetRatios['6-12'],
    '12-24': targetRatios['12-24'],
  },
  budgetRates,
  alerts,
});

/** Saves the policy; the ladder's targets and the budget rates beside it are read again. */
export function useUpdatePolicy() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePolicy,
    onSuccess: (policy) => {
      queryClient.setQueryData(deskKeys.policy(), policy);
      return queryClient.invalidateQueries({ queryKey: deskKeys.exposure() });
    },
  });
}
