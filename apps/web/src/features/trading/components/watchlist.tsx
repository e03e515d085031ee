import { MARKET_LIMITS } from '@tp/shared';
import { LoadError } from '@/ui/load-error';
import { cn } from '@/lib/cn';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/ui/table';
import { formatPrice, formatSignedPercent } from '../format';
import type { FeedStatus, LiveQuotes } from '../live-quotes';
import { Panel, Signed } from './panel';
import { LoadingState } from '@/ui/query-state';
import { Skeleton } from '@/ui/skeleton';

const STATUS_TEXT: Record<FeedStatus, string> = {
  live: 'Live',
  connecting: 'Connecting',
  offline: 'Offline',
  limited: 'Not live',
};
// "5 s" kept on one line (a no-break space)
const STATUS_DETAIL: Partial<Record<FeedStatus, string>> = {
  offline: '(polling every 5\u00a0s)',
  limited: `(live quotes are open in ${MARKET_LIMITS.maxSocketsPerUser} other tabs or devices; polling every 5\u00a0s)`,
};

/** Live / Offline: a small dot and its word (docs/product/ui-layer.md#states). */
export function FeedMarker({ status }: { status: FeedStatus }) {
  return (
    <span role="status" className="inline-flex items-center gap-1.5 text-xs font-medium" data-status={status}>
      <span
        aria-hidden="true"
        className={cn(
          'size-2 shrink-0 rounded-full',
          status === 'live' ? 'bg-gain' : status === 'offline' ? 'bg-loss' : 'bg-warning',
        )}
      />
      <span className="whitespace-nowrap">{STATUS_TEXT[status]}</span>
      {STATUS_DETAIL[status] && <span className="font-normal text-muted">{STATUS_DETAIL[status]}</span>}
    </span>
  );
}

export function Watchlist({
  symbols,
  feed,
  selected,
  onSelect,
}: {
  symbols: readonly string[];
  feed: LiveQuotes;
  selected: string;
  onSelect(symbol: string): void;
}) {
  return (
    <Panel id="watchlist" title="Watch list" actions={<FeedMarker status={feed.status} />}>
      {feed.error && Object.keys(feed.quotes).length === 0 ? (
        <LoadError error={feed.error} onRetry={feed.retry} />
      ) : feed.loading ? (
        // a header and a row per symbol, at the table's height, so the panels below stay put
        <LoadingState label="Loading quotes" className="flex flex-col gap-2">
          {['header', ...symbols].map((row) => (
            <Skeleton key={row} className="h-11 w-full" />
          ))}
        </LoadingState>
      ) : (
        // Bid / Ask only where the panel is wide enough (the narrow right column of /trades is not)
        <div className="@container">
          <Table scrollLabel="Watch list">
            <TableHeader>
              <TableRow>
                <TableHead>Symbol</TableHead>
                <TableHead numeric>Price</TableHead>
                <TableHead numeric>Change</TableHead>
                <TableHead numeric className="hidden @sm:table-cell">
                  Bid / Ask
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {symbols.map((symbol) => {
                const quote = feed.quotes[symbol];
                const isSelected = symbol === selected;
                return (
                  <TableRow key={symbol} className={cn(isSelected && 'bg-surface-2')}>
                    <TableCell>
                      <button
                        type="button"
                        aria-pressed={isSelected}
                        aria-label={`Show ${symbol}`}
                        onClick={() => onSelect(symbol)}
                        className="min-h-9 font-semibold text-accent underline-offset-2 hover:underline"
                      >
                        {symbol}
                      </button>
                    </TableCell>
                    <TableCell numeric data-testid={`price-${symbol}`}>
                      {quote ? formatPrice(quote.price) : '—'}
                    </TableCell>
                    <TableCell numeric>
                      {quote ? (
                        <Signed value={quote.changePercent}>{formatSignedPercent(quote.changePercent)}</Signed>
                      ) : (
                        '—'
                      )}
                    </TableCell>
                    <TableCell numeric className="hidden text-muted @sm:table-cell">
                      {quote ? `${formatPrice(quote.bid)} / ${formatPrice(quote.ask)}` : '—'}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </div>
      )}
    </Panel>
  );
}
