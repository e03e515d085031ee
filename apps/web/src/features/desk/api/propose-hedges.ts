import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST /api/desk/policy/proposal — the forwards that would bring each bucket to its target (writes nothing). */
export function proposeHedges() {
  return apiRequest('/desk/policy/proposal', { method: 'POST', schema: 'proposalResponseSchema' }).then(
    (r) => r.data.forwards,
  );
}

export function useProposeHedges() {
  return useMutation({ mutationFn: proposeHedges });
}
