import { useOrders } from '@/features/trading';
import { ordersQuery } from '@/features/trading/reads';
import { recentTradesQuery } from '../reads';

/** The cache entry the overview's count, the trading section and /trades (its first page aside) share. */
export const recentTradesKey = () => ordersQuery(recentTradesQuery).queryKey;

export const useRecentTrades = () => useOrders(recentTradesQuery);
