import { useState } from 'react';
import { DASHBOARD, type Trade } from '@tp/shared';
import { useCancelOrder } from '@/features/trading';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { isLocalRow } from '../api/quick-trade';
import { useRecentTrades } from '../api/recent-trades';
import { formatMoney } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date';
import { QueryState } from './query-state';

function statusText(trade: Trade) {
  if (isLocalRow(trade)) return 'Pending (sending)';
  return trade.status.charAt(0).toUpperCase() + trade.status.slice(1);
}

/**
 * Recent trades (spec 01 §2): 5 shown of the 10 fetched every 30 s; a quick trade's pending row
 * until the server answers; a resting order can be cancelled here.
 */
export function RecentTrades({ timeZone }: { timeZone: string }) {
  const trades = useRecentTrades();
  const cancel = useCancelOrder();
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
              <div className="overflow-x-auto">
                <table className="w-full text-sm">
                  <thead className="text-left text-muted">
                    <tr>
                      <th scope="col" className="py-1 font-normal">
                        Order
                      </th>
                      <th scope="col" className="py-1 pl-3 text-right font-normal">
                        Price
                      </th>
                      <th scope="col" className="py-1 pl-3 font-normal">
                        Status
                      </th>
                      <th scope="col" className="hidden py-1 pl-3 font-normal sm:table-cell">
                        Time
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-border">
                    {data.slice(0, DASHBOARD.recentTradesShown).map((trade) => (
                      <tr key={trade.id} data-testid="recent-trade" data-status={trade.status}>
                        <td className="whitespace-nowrap py-1">
                          <span className={trade.side === 'buy' ? 'text-gain' : 'text-loss'}>
                            {trade.side === 'buy' ? '▲ Buy' : '▼ Sell'}
                          </span>{' '}
                          <span className="tabular">{trade.quantity}</span>{' '}
                          <span className="font-medium">{trade.symbol}</span>
                        </td>
                        <td className="tabular whitespace-nowrap py-1 pl-3 text-right">
                          {trade.price ? formatMoney(trade.price) : '—'}
                        </td>
                        <td className="py-1 pl-3">
                          <span className="flex flex-wrap items-center gap-2">
                            {statusText(trade)}
                            {trade.status === 'pending' && !isLocalRow(trade) && (
                              <Button
                                size="sm"
                                variant="ghost"
                                aria-label={`Cancel the ${trade.side} order of ${trade.quantity} ${trade.symbol}`}
                                loading={cancel.isPending && cancel.variables === trade.id}
                                onClick={() => {
                                  setCancelError(null);
                                  cancel.mutate(trade.id, { onError: (error) => setCancelError(error.message) });
                                }}
                              >
                                Cancel
                              </Button>
                            )}
                          </span>
                        </td>
                        <td className="tabular hidden py-1 pl-3 text-xs text-muted sm:table-cell">
                          {formatDateTime(trade.timestamp, timeZone)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )
          }
        </QueryState>
        {cancelError && (
          <Alert variant="error" title="Failed to cancel trade" className="mt-2">
            Error: {cancelError}
          </Alert>
        )}
      </div>
    </section>
  );
}
