import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PositionUpdate } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { tradingKeys } from './keys';

/** POST /api/portfolio/positions/batch — stop-loss and take-profit levels; each update answers on its own. */
export async function updatePositionLevels(update: PositionUpdate) {
  const answer = await apiRequest('/portfolio/positions/batch', {
    method: 'POST',
    body: { updates: [update] },
    schema: 'positionBatchResponseSchema',
  });
  return answer.data.results[0]!;
}

export function useUpdatePositionLevels() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePositionLevels,
    onSettled: () => queryClient.invalidateQueries({ queryKey: tradingKeys.portfolio() }),
  });
}
