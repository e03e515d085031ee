import type { QueryClient } from '@tanstack/react-query';
import type { OrderQuery } from '@tp/shared';

/** Cache keys of the trading screen's queries. */
export const tradingKeys = {
  all: ['trading'] as const,
  accounts: () => [...tradingKeys.all, 'accounts'] as const,
  instruments: () => [...tradingKeys.all, 'instruments'] as const,
  marketData: (symbols: readonly string[]) => [...tradingKeys.all, 'market-data', symbols.join(',')] as const,
  candles: (symbol: string, timeframe: string) => [...tradingKeys.all, 'candles', symbol, timeframe] as const,
  orders: () => [...tradingKeys.all, 'orders'] as const,
  orderList: (query: OrderQuery) => [...tradingKeys.orders(), query] as const,
  order: (id: string) => [...tradingKeys.orders(), 'one', id] as const,
  portfolio: () => [...tradingKeys.all, 'portfolio'] as const,
  performanceAndRisk: () => [...tradingKeys.all, 'performance-and-risk'] as const,
  performance: () => [...tradingKeys.performanceAndRisk(), 'performance'] as const,
  risk: () => [...tradingKeys.performanceAndRisk(), 'risk'] as const,
  preferences: () => [...tradingKeys.all, 'preferences'] as const,
};

/** Orders, the portfolio and its performance and risk all change when an order is placed, filled, amended or cancelled. */
export const refreshBooks = (queryClient: QueryClient) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: tradingKeys.orders() }),
    queryClient.invalidateQueries({ queryKey: tradingKeys.portfolio() }),
    queryClient.invalidateQueries({ queryKey: tradingKeys.performanceAndRisk() }),
  ]);
