import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { POLLING_MS, type PositionUpdate } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { tradingKeys } from './keys';

/** GET /api/portfolio — cash, positions and P&L at the current second's prices, every 10 s. */
export const portfolioQuery = () =>
  queryOptions({
    queryKey: tradingKeys.portfolio(),
    queryFn: ({ signal }) =>
      apiRequest('/portfolio', { signal, schema: 'portfolioResponseSchema' }).then((r) => r.data),
    refetchInterval: POLLING_MS.portfolio,
    staleTime: 0,
    ...retryDataLoading,
  });

export function usePortfolio() {
  return useQuery(portfolioQuery());
}

/** POST /api/trading/account/reset — a fresh paper account; the old one's history stays readable. */
export function resetAccount() {
  return apiRequest('/trading/account/reset', {
    method: 'POST',
    retries: 0,
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

/** POST /api/portfolio/positions/batch — stop-loss and take-profit levels; each update answers on its own. */
export async function updatePositionLevels(update: PositionUpdate) {
  const answer = await apiRequest('/portfolio/positions/batch', {
    method: 'POST',
    body: { updates: [update] },
    retries: 0,
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
