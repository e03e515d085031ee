import { DASHBOARD } from '@tp/shared';
import { ordersQuery, useOrders } from '@/features/trading';

/**
 * The dashboard's trades: the 10 newest, polled every 30 s, 5 of them shown
 * (docs/product/dashboard.md#trading-section).
 */
export const recentTradesQuery = { limit: DASHBOARD.recentTradesFetched };

/** The cache entry the overview's count, the trading section and /trades (its first page aside) share. */
export const recentTradesKey = () => ordersQuery(recentTradesQuery).queryKey;

export const useRecentTrades = () => useOrders(recentTradesQuery);
