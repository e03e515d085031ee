import { useState } from 'react';
import { DASHBOARD, type OrderSide, type Order, MESSAGES } from '@tp/shared';
import {
  tickDecimalsOf,
  FeedMarker,
  instrumentOf,
  formatPrice,
  orderOutcome,
  formatSignedPercent,
  toneOf,
  useInstruments,
  type LiveQuotes,
} from '@/features/trading';
import { cn } from '@/lib/cn';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { LoadError } from '@/ui/load-error';
import { Skeleton } from '@/ui/skeleton';
import { newLocalId, quickTradePrice, useQuickTrade } from '../api/quick-trade';
import { errorMessage } from '@/lib/api-client';

const QUANTITY = DASHBOARD.quickTradeQuantity;

/**
 * The live feed of the dashboard's symbols with a quick buy and sell of 10 each
 * (docs/product/dashboard.md#trading-section).
 * The quotes come from one /ws/market socket subscribed to the five symbols (the server offers
 * subscriptions on one connection, so five sockets would only cost more), with GET /api/market/data
 * every 5 s while it is down.
 */
export function LiveFeed({ symbols, feed }: { symbols: readonly string[]; feed: LiveQuotes }) {
  const quickTrade = useQuickTrade();
  // the instruments give each price its tick's decimals; until they are loaded a price shows what it carries
  const instruments = useInstruments().data ?? [];
  const [busy, setBusy] = useState<Record<string, boolean>>({});
  const [outcome, setOutcome] = useState<Order | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const trade = async (symbol: string, side: OrderSide) => {
    const { price } = quickTradePrice(feed.live[symbol], feed.polled[symbol]);
    const key = `${symbol}-${side}`;
    setBusy((current) => ({ ...current, [key]: true }));
    setFailure(null);
    setOutcome(null);
    try {
      setOutcome(await quickTrade.mutateAsync({ trade: { symbol, side, price }, localId: newLocalId() }));
    } catch (error) {
      setFailure(errorMessage(error, MESSAGES.tradeFailed));
    } finally {
      setBusy((current) => ({ ...current, [key]: false }));
    }
  };

  const result = outcome && orderOutcome(outcome, instrumentOf(instruments, outcome.symbol));
  return (
    <section aria-labelledby="live-feed-heading">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="live-feed-heading" className="font-semibold">
          Live feed
        </h3>
        <FeedMarker status={feed.status} />
      </div>
      <div className="mt-2">
        {/* the quick trades stay usable without quotes: their price then falls back to 100 */}
        {feed.error && Object.keys(feed.quotes).length === 0 && (
          <LoadError error={feed.error} onRetry={feed.retry} className="mb-2" />
        )}
        <ul className="divide-y divide-border text-sm">
          {symbols.map((symbol) => {
            const quote = feed.quotes[symbol];
            return (
              <li key={symbol} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-1.5">
                <span className="w-14 font-semibold">{symbol}</span>
                <div className="tabular min-w-16 flex-1 text-right" data-testid={`feed-price-${symbol}`}>
                  {quote ? (
                    formatPrice(quote.price, tickDecimalsOf(instruments, symbol))
                  ) : feed.loading ? (
                    <Skeleton className="ml-auto h-4 w-14" />
                  ) : (
                    '—'
                  )}
                </div>
                <span className={cn('tabular w-20 text-right', quote ? toneOf(quote.changePercent) : 'text-muted')}>
                  {quote ? formatSignedPercent(quote.changePercent) : '—'}
                </span>
                <span className="flex w-full gap-2 sm:w-auto">
                  {(['buy', 'sell'] as const).map((side) => (
                    <Button
                      key={side}
                      size="sm"
                      variant={side === 'buy' ? 'outline' : 'ghost'}
                      className={cn('flex-1 sm:flex-none', side === 'buy' ? 'text-gain' : 'text-loss')}
                      aria-label={`${side === 'buy' ? 'Buy' : 'Sell'} ${QUANTITY} ${symbol}`}
                      loading={busy[`${symbol}-${side}`]}
                      onClick={() => void trade(symbol, side)}
                    >
                      {side === 'buy' ? 'BUY' : 'SELL'} {QUANTITY}
                    </Button>
                  ))}
                </span>
              </li>
            );
          })}
        </ul>
      </div>
      <p className="mt-2 text-xs text-muted">
        Quick trades are market orders of {QUANTITY}: the paper engine fills them at its own ask (buy) or bid (sell) of
        that second, so the fill can differ a little from the price shown here.
      </p>
      <div aria-live="polite" className="mt-2 empty:hidden">
        {failure && (
          <Alert variant="error" title="Failed to execute trade">
            {failure !== MESSAGES.tradeFailed && `Error: ${failure}`}
          </Alert>
        )}
        {result && <Alert variant={result.variant}>{result.text}</Alert>}
      </div>
    </section>
  );
}
