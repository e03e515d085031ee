import { accountsQuery } from './api/get-accounts';
import { instrumentsQuery } from './api/get-instruments';
import { historyPage, OPEN_ORDERS_QUERY, ordersQuery } from './api/get-orders';
import { performanceQuery } from './api/get-performance';
import { portfolioQuery } from './api/get-portfolio';
import { riskQuery } from './api/get-risk';
import { tradingPreferencesQuery } from './api/get-trading-preferences';

/**
 * What the route table and other features' first reads take of trading's queries: light modules
 * only, so they load before the screens (docs/decisions/0055).
 */
export { ordersQuery, performanceQuery, portfolioQuery, riskQuery };

/**
 * The reads /trades shows first, asked for together as its route matches: the chart's candles and
 * fills wait for the symbol the user's preferences choose.
 */
export const firstReads = () => [
  instrumentsQuery(),
  tradingPreferencesQuery(),
  portfolioQuery(),
  ordersQuery(OPEN_ORDERS_QUERY),
  ordersQuery(historyPage(0)),
  accountsQuery(),
  performanceQuery(),
  riskQuery(),
];
