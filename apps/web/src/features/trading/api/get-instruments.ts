import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { tradingKeys } from './keys';

/** GET /api/market/instruments — what can be traded, with tick and lot rules. */
export const instrumentsQuery = () =>
  queryOptions({
    queryKey: tradingKeys.instruments(),
    queryFn: ({ signal }) =>
      apiRequest('/market/instruments', { signal, schema: 'instrumentsResponseSchema' }).then((r) => r.data),
    staleTime: Infinity,
    ...retryDataLoading,
  });

export function useInstruments() {
  return useQuery(instrumentsQuery());
}
