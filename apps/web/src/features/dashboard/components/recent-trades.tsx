import { useState } from 'react';
import { DASHBOARD, MESSAGES } from '@tp/shared';
import {
  formatQuantityWithUnit,
  instrumentOf,
  OrderPrice,
  STATUS_LABELS,
  useCancelOrder,
  useInstruments,
} from '@/features/trading';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/ui/table';
import { isLocalRow } from '../api/quick-trade';
import { useRecentTrades } from '../api/recent-trades';
import { formatMoney } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date';
import { QueryState } from '@/ui/query-state';
import { errorMessage } from '@/lib/api-client';

/**
 * Recent trades (docs/product/dashboard.md#trading-section): 5 shown of the 10 fetched every 30 s;
 * a quick trade's pending row
 * until the server answers; a resting order can be cancelled here.
 */
export function RecentTrades({ timeZone }: { timeZone?: string }) {
  const trades = useRecentTrades();
  const cancel = useCancelOrder();
  // each quantity with its unit ("10 shares") once the instruments are loaded
  const instruments = useInstruments().data ?? [];
  const [cancelError, setCancelError] = useState<string | null>(null);
  return (
    <section aria-labelledby="recent-trades-heading">
      <h3 id="recent-trades-heading" className="font-semibold">
        Recent trades
      </h3>
      <div className="mt-2">
        <QueryState query={trades} label="recent trades">
          {({ data }) =>
            data.length === 0 ? (
              <p className="text-sm text-muted">No trades found</p>
            ) : (
              <Table scrollLabel="Recent trades">
                <TableHeader>
                  <TableRow>
                    <TableHead>Order</TableHead>
                    <TableHead numeric>Price</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead className="hidden sm:table-cell">Time</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.slice(0, DASHBOARD.recentTradesShown).map((trade) => (
                    <TableRow key={trade.id} data-testid="recent-trade" data-status={trade.status}>
                      <TableCell className="whitespace-nowrap">
                        <span className={trade.side === 'buy' ? 'text-gain' : 'text-loss'}>
                          {trade.side === 'buy' ? '▲ Buy' : '▼ Sell'}
                        </span>{' '}
                        <span className="tabular">
                          {formatQuantityWithUnit(trade.quantity, instrumentOf(instruments, trade.symbol))}
                        </span>{' '}
                        <span className="font-medium">{trade.symbol}</span>
                      </TableCell>
                      <TableCell numeric>
                        <OrderPrice trade={trade} format={formatMoney} />
                      </TableCell>
                      <TableCell>
                        <span className="flex flex-wrap items-center gap-2">
                          {isLocalRow(trade) ? 'Pending (sending)' : STATUS_LABELS[trade.status]}
                          {trade.status === 'pending' && !isLocalRow(trade) && (
                            <Button
                              size="sm"
                              variant="ghost"
                              aria-label={`Cancel the ${trade.side} order of ${trade.quantity} ${trade.symbol}`}
                              loading={cancel.isPending && cancel.variables === trade.id}
                              onClick={() => {
                                setCancelError(null);
                                cancel.mutate(trade.id, {
                                  onError: (error) => setCancelError(errorMessage(error, MESSAGES.cancelFailed)),
                                });
                              }}
                            >
                              Cancel
                            </Button>
                          )}
                        </span>
                      </TableCell>
                      <TableCell className="tabular hidden text-xs text-muted sm:table-cell">
                        {formatDateTime(trade.timestamp, timeZone)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )
          }
        </QueryState>
        {cancelError && (
          <Alert variant="error" title="Failed to cancel trade" className="mt-2">
            {cancelError !== MESSAGES.cancelFailed && `Error: ${cancelError}`}
          </Alert>
        )}
      </div>
    </section>
  );
}
