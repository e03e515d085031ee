import { queryOptions, useQuery } from '@tanstack/react-query';
import { POLLING_MS, type Timeframe } from '@tp/shared';
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

/** GET /api/market/data?symbols= — the spec's fallback call for quotes (spec 01 §7). */
export function getMarketData(symbols: readonly string[], signal?: AbortSignal) {
  const query = encodeURIComponent(symbols.join(','));
  return apiRequest(`/market/data?symbols=${query}`, { signal, schema: 'marketDataResponseSchema' }).then(
    (r) => r.data,
  );
}

/** Quotes polled every 5 s (spec 01 §4), only while `enabled` (the live socket is down). */
export const marketDataQuery = (symbols: readonly string[], enabled: boolean) =>
  queryOptions({
    queryKey: tradingKeys.marketData(symbols),
    queryFn: ({ signal }) => getMarketData(symbols, signal),
    enabled: enabled && symbols.length > 0,
    refetchInterval: enabled ? POLLING_MS.marketData : false,
    staleTime: 0,
    ...retryDataLoading,
  });

/** How far back each timeframe's chart reaches: a screenful of bars, well inside the server's cap. */
const CANDLES_SHOWN = 150;

/** GET /api/market/historical/{symbol}?timeframe&start — the chart's candles, up to now. */
export const candlesQuery = (symbol: string, timeframe: Timeframe, stepSeconds: number) =>
  queryOptions({
    queryKey: tradingKeys.candles(symbol, timeframe),
    queryFn: ({ signal }) => {
      const start = new Date(Date.now() - CANDLES_SHOWN * stepSeconds * 1_000).toISOString();
      const path = `/market/historical/${encodeURIComponent(symbol)}?timeframe=${timeframe}&start=${encodeURIComponent(start)}`;
      return apiRequest(path, { signal, schema: 'historicalResponseSchema' }).then((r) => r.data.candles);
    },
    staleTime: stepSeconds * 1_000,
    refetchInterval: Math.max(stepSeconds * 1_000, 60_000),
    ...retryDataLoading,
  });
