/**
 * What other features read from trading: the paper account's queries (one cache entry per resource,
 * shared with /trades, so a trade placed anywhere refreshes every screen), the order calls, the
 * live quote feed and its marker, and the price formats.
 */
export { tradingKeys } from './api/keys';
export { usePerformance, useRisk } from './api/analytics';
export { placeOrder, tradesQuery, useCancelOrder, useTrades } from './api/orders';
export { usePortfolio } from './api/portfolio';
export { TradingPreferencesSection } from './components/preferences-panel';
export { FeedMarker } from './components/watchlist';
export { formatPrice, formatSignedPercent } from './format';
export { useLiveQuotes, type LiveQuotes } from './live-quotes';
export { orderOutcome } from './order-outcome';
