import { queryOptions } from '@tanstack/react-query';
import type { Timeframe } from '@tp/shared';
import { apiRequest } from '@/lib/api-client';
import { retryDataLoading } from '@/lib/query-client';
import { tradingKeys } from './keys';

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
