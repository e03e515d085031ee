import { Link } from 'react-router';
import { DASHBOARD } from '@tp/shared';
import { useFeatureFlags } from '@/lib/feature-flags';
import { paths } from '@/lib/paths';
import { Alert } from '@/ui/alert';
import { usePortfolio } from '../api/get-portfolio';
import { useRecentTrades } from '../api/get-recent-trades';
import { formatUsd, formatWhen } from '../format';
import { QueryState } from './query-state';

const signTone = (value: string) => (value.startsWith('-') ? 'text-loss' : /[1-9]/.test(value) ? 'text-gain' : '');

/**
 * The enhanced trading dashboard (spec 01 §2): only with the enhanced-services flag on, otherwise a
 * notice. The portfolio and the recent trades (5 shown of 10 fetched) each fail in place.
 */
export function TradingSection({ timeZone }: { timeZone: string }) {
  const { flags } = useFeatureFlags();
  if (!flags.services) {
    return (
      <Alert variant="info">
        Enhanced trading features are disabled. Switch on enhanced services on the{' '}
        <Link to={paths.emailBlaster} className="font-medium underline">
          feature flags test page
        </Link>
        , or trade in{' '}
        <Link to={paths.trades} className="font-medium underline">
          Trading
        </Link>
        .
      </Alert>
    );
  }
  return <EnhancedTrading timeZone={timeZone} />;
}

function EnhancedTrading({ timeZone }: { timeZone: string }) {
  const portfolio = usePortfolio();
  const trades = useRecentTrades();
  return (
    <div className="flex flex-col gap-5">
      <section aria-labelledby="portfolio-heading">
        <h3 id="portfolio-heading" className="font-semibold">
          Portfolio
        </h3>
        <div className="mt-2">
          <QueryState query={portfolio} label="the portfolio" lines={2}>
            {({ data: p }) => (
              <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                <div>
                  <dt className="text-muted">Total value</dt>
                  <dd className="tabular font-semibold">{formatUsd(p.totalValue)}</dd>
                </div>
                <div>
                  <dt className="text-muted">Cash</dt>
                  <dd className="tabular font-semibold">{formatUsd(p.cashBalance)}</dd>
                </div>
                <div>
                  <dt className="text-muted">Day change</dt>
                  <dd className={`tabular font-semibold ${signTone(p.dayChange)}`}>
                    {formatUsd(p.dayChange, { signed: true })} ({p.dayChangePercent >= 0 ? '+' : ''}
                    {p.dayChangePercent.toFixed(2)}%)
                  </dd>
                </div>
                <div>
                  <dt className="text-muted">Positions</dt>
                  <dd className="tabular font-semibold">{p.positions.length}</dd>
                </div>
              </dl>
            )}
          </QueryState>
        </div>
      </section>
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
                          Symbol
                        </th>
                        <th scope="col" className="py-1 font-normal">
                          Side
                        </th>
                        <th scope="col" className="py-1 text-right font-normal">
                          Quantity
                        </th>
                        <th scope="col" className="py-1 text-right font-normal">
                          Price
                        </th>
                        <th scope="col" className="py-1 font-normal">
                          Status
                        </th>
                        <th scope="col" className="py-1 font-normal">
                          Time
                        </th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-border">
                      {data.slice(0, DASHBOARD.recentTradesShown).map((trade) => (
                        <tr key={trade.id}>
                          <td className="py-1 font-medium">{trade.symbol}</td>
                          <td className={`py-1 ${trade.side === 'buy' ? 'text-gain' : 'text-loss'}`}>
                            {trade.side === 'buy' ? '▲ Buy' : '▼ Sell'}
                          </td>
                          <td className="tabular py-1 text-right">{trade.quantity}</td>
                          <td className="tabular py-1 text-right">{trade.price ? formatUsd(trade.price) : '—'}</td>
                          <td className="py-1 capitalize">{trade.status}</td>
                          <td className="tabular py-1 text-xs text-muted">{formatWhen(trade.timestamp, timeZone)}</td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                </div>
              )
            }
          </QueryState>
        </div>
      </section>
      <Link to={paths.trades} className="text-sm font-medium text-accent underline">
        Buy and sell in Trading
      </Link>
    </div>
  );
}
