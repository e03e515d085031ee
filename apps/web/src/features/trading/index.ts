/**
 * What other features read from trading: the paper account's queries (one cache entry per resource,
 * shared with /trades, so a trade placed anywhere refreshes every screen), the order calls and the
 * live quote feed.
 */
export { tradingKeys } from './api/keys';
export { performanceQuery, riskQuery, usePerformance, useRisk } from './api/analytics';
export { getMarketData, marketDataQuery } from './api/market';
export { cancelOrder, placeOrder, tradesQuery, useCancelOrder, useTrades } from './api/orders';
export { portfolioQuery, usePortfolio } from './api/portfolio';
export { useLiveQuotes, type FeedStatus, type LiveQuotes } from './live-quotes';
export { FeedMarker } from './components/watchlist';
export { formatPrice, formatSignedPercent } from './format';
