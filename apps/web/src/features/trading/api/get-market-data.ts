import { queryOptions } from '@tanstack/react-query';
import { POLLING_MS } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { tradingKeys } from './keys';

/** GET /api/market/data?symbols= — the fallback call for quotes (docs/product/api.md#market). */
export function getMarketData(symbols: readonly string[], signal?: AbortSignal) {
  const query = encodeURIComponent(symbols.join(','));
  return apiRequest(`/market/data?symbols=${query}`, { signal, schema: 'marketDataResponseSchema' }).then(
    (r) => r.data,
  );
}

/** Quotes polled every 5 s (docs/product/trading.md#live-quotes), only while `enabled` (the live socket is down). */
export const marketDataQuery = (symbols: readonly string[], enabled: boolean) =>
  queryOptions({
    queryKey: tradingKeys.marketData(symbols),
    queryFn: ({ signal }) => getMarketData(symbols, signal),
    enabled: enabled && symbols.length > 0,
    refetchInterval: enabled ? POLLING_MS.marketData : false,
    staleTime: 0,
    ...retryDataLoading,
  });
