import {
  formatQuantityWithUnit,
  formatSignedPercent,
  instrumentOf,
  toneOf,
  useInstruments,
  usePortfolio,
} from '@/features/trading';
import { formatMoney, formatSignedMoney } from '@/lib/format';
import { QueryState } from '@/ui/query-state';

/** The paper account's value, cash, day change and positions (GET /api/portfolio every 10 s). */
export function PortfolioSummary() {
  const portfolio = usePortfolio();
  // each quantity with its unit ("10 shares", "1 lot (50,000 lb)") once the instruments are loaded
  const instruments = useInstruments().data ?? [];
  return (
    <section aria-labelledby="portfolio-heading">
      <h3 id="portfolio-heading" className="font-semibold">
        Portfolio
      </h3>
      <div className="mt-2">
        <QueryState query={portfolio} label="the portfolio" lines={2}>
          {(p) => (
            <div className="flex flex-col gap-3">
              <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
                <div>
                  <dt className="text-muted">Total value</dt>
                  <dd className="tabular font-semibold">{formatMoney(p.totalValue)}</dd>
                </div>
                <div>
                  <dt className="text-muted">Cash</dt>
                  <dd className="tabular font-semibold">{formatMoney(p.cashBalance)}</dd>
                </div>
                <div>
                  <dt className="text-muted">Day change</dt>
                  <dd className={`tabular font-semibold ${toneOf(p.dayChange)}`}>
                    {formatSignedMoney(p.dayChange)}{' '}
                    <span className="whitespace-nowrap">({formatSignedPercent(p.dayChangePercent)})</span>
                  </dd>
                </div>
                <div>
                  <dt className="text-muted">Positions</dt>
                  <dd className="tabular font-semibold">{p.positions.length}</dd>
                </div>
              </dl>
              {p.positions.length > 0 && (
                <ul aria-label="Positions" className="divide-y divide-border text-sm">
                  {p.positions.map((position) => (
                    <li key={position.id} className="flex flex-wrap items-baseline justify-between gap-x-3 py-1">
                      <span>
                        <span className="font-medium">{position.symbol}</span>{' '}
                        <span className="tabular text-muted">
                          × {formatQuantityWithUnit(position.quantity, instrumentOf(instruments, position.symbol))}
                        </span>
                      </span>
                      <span className="tabular ml-auto">{formatMoney(position.marketValue)}</span>
                      <span className={`tabular w-28 text-right ${toneOf(position.unrealizedPnl)}`}>
                        {formatSignedMoney(position.unrealizedPnl)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
            </div>
          )}
        </QueryState>
      </div>
    </section>
  );
}
