import { newId } from '@/lib/new-id';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DASHBOARD, type OrderSide, type Quote, type Order, type OrderListResponse } from '@tp/shared';
import { placeOrder, refreshBooks } from '@/features/trading';
import { recentTradesKey } from './recent-trades';

/** The price a quick trade sends when there is no quote at all (docs/product/dashboard.md#quick-trade). */
export const FALLBACK_PRICE = '100';

export type PriceSource = 'live' | 'market data' | 'fallback';

/**
 * The quick trade's price (docs/product/dashboard.md#quick-trade): the live quote's price, else the
 * market data call's, else 100.
 */
export function quickTradePrice(
  live: Quote | undefined,
  marketData: Quote | undefined,
): { price: string; source: PriceSource } {
  if (live) return { price: live.price, source: 'live' };
  if (marketData) return { price: marketData.price, source: 'market data' };
  return { price: FALLBACK_PRICE, source: 'fallback' };
}

export interface QuickTrade {
  symbol: string;
  side: OrderSide;
  price: string;
}

/**
 * The row shown at once, until the server answers (docs/product/dashboard.md#quick-trade: "first shown
 * locally as pending").
 */
export function pendingRow({ symbol, side, price }: QuickTrade, id: string, now = new Date()): Order {
  const at = now.toISOString();
  return {
    id,
    symbol,
    side,
    quantity: String(DASHBOARD.quickTradeQuantity),
    price,
    status: 'pending',
    timestamp: at,
    type: 'market',
    limitPrice: null,
    stopPrice: null,
    timeInForce: 'day',
    filledQuantity: '0',
    avgFillPrice: null,
    fees: '0',
    rejectCode: null,
    rejectReason: null,
    triggeredAt: null,
    expiresAt: null,
    source: 'user',
    createdAt: at,
    updatedAt: at,
  };
}

/** Optimistic rows carry this prefix: they are not on the server yet (nothing to cancel). */
export const LOCAL_ID_PREFIX = 'local-';
export const isLocalRow = (trade: Order) => trade.id.startsWith(LOCAL_ID_PREFIX);

function replaceRow(list: OrderListResponse | undefined, id: string, next: Order | null) {
  if (!list) return list;
  const data = list.data.flatMap((trade) => (trade.id === id ? (next ? [next] : []) : [trade]));
  return { ...list, data };
}

/**
 * A quick trade (docs/product/dashboard.md#quick-trade): a market order of 10 with the display
 * price (the server fills a
 * market order at its own bid or ask of the instant and ignores the price). The pending row goes
 * into the recent trades at once and is replaced by the server's answer, or removed when the order
 * fails; the list, the portfolio and the analytics are read again 1 s later.
 */
export function useQuickTrade() {
  const queryClient = useQueryClient();
  const listKey = recentTradesKey();
  return useMutation({
    mutationFn: ({ trade }: { trade: QuickTrade; localId: string }) =>
      placeOrder({
        order: {
          symbol: trade.symbol,
          side: trade.side,
          quantity: DASHBOARD.quickTradeQuantity,
          price: trade.price,
          type: 'market',
        },
      }),
    onMutate: async ({ trade, localId }) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      queryClient.setQueryData<OrderListResponse>(listKey, (list) =>
        list ? { ...list, data: [pendingRow(trade, localId), ...list.data] } : list,
      );
    },
    onSuccess: (saved, { localId }) => {
      queryClient.setQueryData<OrderListResponse>(listKey, (list) => replaceRow(list, localId, saved));
    },
    onError: (_error, { localId }) => {
      queryClient.setQueryData<OrderListResponse>(listKey, (list) => replaceRow(list, localId, null));
    },
    onSettled: () => {
      setTimeout(() => void refreshBooks(queryClient), DASHBOARD.refetchAfterTradeMs);
    },
  });
}

export const newLocalId = () => `${LOCAL_ID_PREFIX}${newId()}`;
