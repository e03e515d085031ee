import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { tradingKeys } from './keys';

/** GET /api/trading/accounts — the active paper account and those closed by resets, newest first. */
export const accountsQuery = () =>
  queryOptions({
    queryKey: tradingKeys.accounts(),
    queryFn: ({ signal }) =>
      apiRequest('/trading/accounts', { signal, schema: 'accountsResponseSchema' }).then((r) => r.data),
    staleTime: 60_000,
    ...retryDataLoading,
  });

export function useAccounts() {
  return useQuery(accountsQuery());
}
