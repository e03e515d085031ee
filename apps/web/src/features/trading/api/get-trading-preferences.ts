import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { tradingKeys } from './keys';

/** GET /api/preferences/trading (docs/product/trading.md#trading-preferences). */
export const tradingPreferencesQuery = () =>
  queryOptions({
    queryKey: tradingKeys.preferences(),
    queryFn: ({ signal }) =>
      apiRequest('/preferences/trading', { signal, schema: 'tradingPreferencesResponseSchema' }).then((r) => r.data),
    ...retryDataLoading,
  });

export function useTradingPreferences() {
  return useQuery(tradingPreferencesQuery());
}
