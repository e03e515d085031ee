import { LoadError } from '@/ui/load-error';
import { type ReactNode } from 'react';
import { type Risk } from '@tp/shared';
import { usePerformance } from '../api/get-performance';
import { useRisk } from '../api/get-risk';
import { formatMoney, formatSignedMoney } from '@/lib/format';
import { formatPercent, formatSignedPercent } from '../format';
import { EquityChart } from './equity-chart';
import { Panel, Signed } from './panel';
import { LoadingState } from '@/ui/query-state';
import { Figure } from '@/ui/figure';

const RETURN_LABELS = {
  today: 'Today',
  week: 'Week',
  month: 'Month',
  ytd: 'Year to date',
  all: 'Since opening',
} as const;

/** Not enough history yet: said, not shown as 0. */
const NOT_YET = <span className="text-sm font-normal text-muted">Not enough history</span>;

/**
 * The risk figures, written one way wherever they are shown (/trades and /analytics): a value at
 * risk is a loss size, not a gain, so it has no sign; a weight has the percent's two decimals.
 */
export function riskFigures(risk: Risk): { label: string; value: ReactNode }[] {
  return [
    {
      label: 'Volatility (annualised)',
      value: risk.volatilityPercent === null ? NOT_YET : formatPercent(risk.volatilityPercent),
    },
    {
      label: 'Maximum drawdown',
      value: risk.maxDrawdownPercent === null ? NOT_YET : formatPercent(risk.maxDrawdownPercent),
    },
    { label: 'Sharpe ratio', value: risk.sharpeRatio === null ? NOT_YET : risk.sharpeRatio.toFixed(2) },
    {
      label: 'Value at risk (95 %, 1 day)',
      value: (
        <>
          {formatMoney(risk.valueAtRisk95)}
          {risk.valueAtRisk95Percent !== null && (
            <span className="text-sm font-normal text-muted"> ({formatPercent(risk.valueAtRisk95Percent)})</span>
          )}
        </>
      ),
    },
    {
      label: 'Largest position',
      value:
        risk.largestPosition === null ? (
          <span className="text-sm font-normal text-muted">No positions</span>
        ) : (
          // the symbol and its weight each whole, the weight on a line of its own where the tile is narrow
          <>
            <span className="whitespace-nowrap">{risk.largestPosition.symbol}</span>{' '}
            <span className="whitespace-nowrap">{formatPercent(risk.largestPosition.weightPercent)}</span>
          </>
        ),
    },
  ];
}

export function PerformancePanel() {
  const performance = usePerformance();
  const risk = useRisk();
  return (
    <Panel id="analytics" title="Performance and risk">
      {performance.isPending ? (
        <LoadingState label="Loading performance" lines={4} />
      ) : !performance.data ? (
        <LoadError error={performance.error} onRetry={() => void performance.refetch()} />
      ) : (
        <div className="flex flex-col gap-4">
          <EquityChart curve={performance.data.equityCurve} />
          <dl className="grid grid-cols-[repeat(auto-fill,minmax(8rem,1fr))] gap-4">
            {(Object.keys(RETURN_LABELS) as Array<keyof typeof RETURN_LABELS>).map((period) => {
              const value = performance.data.returns[period];
              return (
                <Figure plain size="base" key={period} label={`Return: ${RETURN_LABELS[period]}`}>
                  {value === null ? NOT_YET : <Signed value={value}>{formatSignedPercent(value)}</Signed>}
                </Figure>
              );
            })}
          </dl>
          <dl className="grid grid-cols-[repeat(auto-fill,minmax(8rem,1fr))] gap-4">
            <Figure plain size="base" label="Realized P&L">
              <Signed value={performance.data.realizedPnl}>{formatSignedMoney(performance.data.realizedPnl)}</Signed>
            </Figure>
            <Figure plain size="base" label="Unrealized P&L">
              <Signed value={performance.data.unrealizedPnl}>
                {formatSignedMoney(performance.data.unrealizedPnl)}
              </Signed>
            </Figure>
            <Figure plain size="base" label="Fees">
              {formatMoney(performance.data.fees)}
            </Figure>
            <Figure plain size="base" label="Win rate">
              {performance.data.winRate === null ? (
                NOT_YET
              ) : (
                <>
                  {formatPercent(performance.data.winRate)}{' '}
                  <span className="text-sm font-normal text-muted">
                    ({performance.data.wins} of {performance.data.closedTrades})
                  </span>
                </>
              )}
            </Figure>
          </dl>
        </div>
      )}
      <h3 className="mb-2 mt-5 text-sm font-semibold">Risk</h3>
      {risk.isPending ? (
        <LoadingState label="Loading risk figures" lines={2} />
      ) : !risk.data ? (
        <LoadError error={risk.error} onRetry={() => void risk.refetch()} />
      ) : (
        <dl className="grid grid-cols-[repeat(auto-fill,minmax(8rem,1fr))] gap-4">
          {riskFigures(risk.data).map(({ label, value }) => (
            <Figure plain size="base" key={label} label={label}>
              {value}
            </Figure>
          ))}
        </dl>
      )}
    </Panel>
  );
}
