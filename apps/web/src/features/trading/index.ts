/**
 * What other features read from trading: the paper account's queries (one cache entry per resource,
 * shared with /trades, so a trade placed anywhere refreshes every screen), the order calls, the
 * live quote feed and its marker, and the price formats.
 */
export { refreshBooks, tradingKeys } from './api/keys';
export { usePerformance } from './api/get-performance';
export { useRisk } from './api/get-risk';
export { placeOrder } from './api/place-order';
export { ordersQuery, useOrders } from './api/get-orders';
export { useCancelOrder } from './api/cancel-order';
export { usePortfolio } from './api/get-portfolio';
export { useInstruments } from './api/get-instruments';
export { riskFigures } from './components/performance-panel';
export { ChartGrid } from './components/chart-grid';
export { EquityChart, valueTicks } from './components/equity-chart';
export { OrderPrice } from './components/order-price';
export { TradingPreferencesSection } from './components/trading-preferences-panel';
export { FeedMarker } from './components/watchlist';
export {
  tickDecimalsOf,
  directionOf,
  formatPercent,
  formatPrice,
  formatSignedPercent,
  instrumentOf,
  instrumentTickDecimals,
  STATUS_LABELS,
  toneOf,
} from './format';
export { formatQuantityWithUnit } from './units';
export { useLiveQuotes, type LiveQuotes } from './live-quotes';
export { orderOutcome } from './order-outcome';
