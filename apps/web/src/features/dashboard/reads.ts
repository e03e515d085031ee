import { exposureQuery } from '@/features/desk/reads';
import { ordersQuery, portfolioQuery } from '@/features/trading/reads';
import { DASHBOARD } from '@tp/shared';
import { activityQuery } from './api/get-activity';

/**
 * The dashboard's trades: the 10 newest, polled every 30 s, 5 of them shown
 * (docs/product/dashboard.md#trading-section).
 */
export const recentTradesQuery = { limit: DASHBOARD.recentTradesFetched };

/**
 * The reads /dashboard shows first, asked for together as its route matches: light modules only,
 * so they load before the screens (docs/decisions/0055).
 */
export const firstReads = () => [activityQuery(), portfolioQuery(), ordersQuery(recentTradesQuery), exposureQuery()];
