import { LoadError } from '@/ui/load-error';
import { useState } from 'react';
import { Button } from '@/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/ui/table';
import { type Instrument, type Portfolio, type Position } from '@tp/shared';
import type { UseQueryResult } from '@tanstack/react-query';
import { formatMoney, formatSignedMoney } from '@/lib/format';
import { formatPrice, formatSignedPercent, instrumentOf, tickDecimalsOf } from '../format';
import { Quantity } from './quantity';
import { PositionLevels } from './position-levels';
import { Panel, Signed } from './panel';
import { EmptyState, LoadingState } from '@/ui/query-state';
import { Figure } from '@/ui/figure';

/** Cash not held by pending buy orders, exactly (cents as integers: both are 2-decimal strings). */
export function buyingPowerOf(portfolio: Pick<Portfolio, 'cashBalance' | 'reservedCash'>): string {
  const cents = (value: string) => {
    const [whole = '0', fraction = ''] = value.split('.');
    return BigInt(whole + fraction.padEnd(2, '0').slice(0, 2));
  };
  const total = cents(portfolio.cashBalance) - cents(portfolio.reservedCash);
  const sign = total < 0n ? '-' : '';
  const digits = (total < 0n ? -total : total).toString().padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

/** `instruments` give each position's tick: an average cost shows its tick's decimals, at least 4 (../format). */
export function PortfolioPanel({
  portfolio,
  instruments,
}: {
  portfolio: UseQueryResult<Portfolio>;
  instruments: readonly Instrument[];
}) {
  const data = portfolio.data;
  const [protecting, setProtecting] = useState<Position | null>(null);
  return (
    <Panel id="portfolio" title="Portfolio">
      {portfolio.isPending ? (
        <LoadingState label="Loading portfolio" lines={5} />
      ) : !data ? (
        <LoadError error={portfolio.error} onRetry={() => void portfolio.refetch()} />
      ) : (
        <div className="flex flex-col gap-4">
          <PortfolioFigures portfolio={data} />
          {data.positions.length === 0 ? (
            <EmptyState title="No open positions">
              You have {formatMoney(data.cashBalance)} of paper money. Buy an instrument with the order ticket to open a
              position.
            </EmptyState>
          ) : (
            <PositionsTable positions={data.positions} instruments={instruments} onProtect={setProtecting} />
          )}
        </div>
      )}
      {protecting && <PositionLevels position={protecting} onClose={() => setProtecting(null)} />}
    </Panel>
  );
}

function PortfolioFigures({ portfolio }: { portfolio: Portfolio }) {
  return (
    <dl className="grid grid-cols-[repeat(auto-fill,minmax(8rem,1fr))] gap-4">
      <Figure plain size="base" label="Total value">
        {formatMoney(portfolio.totalValue)}
      </Figure>
      <Figure plain size="base" label="Cash">
        {formatMoney(portfolio.cashBalance)}
      </Figure>
      <Figure plain size="base" label="Buying power">
        {formatMoney(buyingPowerOf(portfolio))}
      </Figure>
      <Figure plain size="base" label="Day change">
        {/* the percent goes to a second line when the tile is narrow */}
        <Signed value={portfolio.dayChange} wrap>
          <span className="whitespace-nowrap">{formatSignedMoney(portfolio.dayChange)}</span>{' '}
          <span className="whitespace-nowrap">({formatSignedPercent(portfolio.dayChangePercent)})</span>
        </Signed>
      </Figure>
      <Figure plain size="base" label="Unrealized P&L">
        <Signed value={portfolio.unrealizedPnl}>{formatSignedMoney(portfolio.unrealizedPnl)}</Signed>
      </Figure>
      <Figure plain size="base" label="Realized P&L">
        <Signed value={portfolio.realizedPnl}>{formatSignedMoney(portfolio.realizedPnl)}</Signed>
      </Figure>
    </dl>
  );
}

function PositionsTable({
  positions,
  instruments,
  onProtect,
}: {
  positions: readonly Position[];
  instruments: readonly Instrument[];
  onProtect(position: Position): void;
}) {
  // nine columns need a wide screen: cards until xl, two to a row from md (the sidebar leaves the
  // content too narrow for the table below 1280 px); at 1280 px the headers may wrap, so large
  // figures (six-figure values, five-figure P&L) still fit the 908 px box
  return (
    <Table
      scrollLabel="Positions"
      stacked="xl"
      className="md:max-xl:[&>tbody]:grid! md:max-xl:[&>tbody]:grid-cols-2 md:max-xl:[&>tbody>tr:nth-child(odd)]:border-r md:max-xl:[&>tbody>tr:nth-last-child(2):nth-child(odd)]:border-b-0 xl:[&_td]:px-2 xl:[&_th]:px-2 xl:[&_th]:whitespace-normal"
    >
      <TableHeader>
        <TableRow>
          <TableHead>Symbol</TableHead>
          <TableHead numeric>Quantity</TableHead>
          <TableHead numeric>Avg cost</TableHead>
          <TableHead numeric>Price</TableHead>
          <TableHead numeric>Market value</TableHead>
          <TableHead numeric>Unrealized P&L</TableHead>
          <TableHead numeric>Realized P&L</TableHead>
          <TableHead numeric>Day change</TableHead>
          <TableHead numeric>
            Stop-loss /<br />
            Take-profit
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {positions.map((position) => (
          <TableRow key={position.id} data-testid={`position-${position.symbol}`}>
            <TableCell className="font-semibold">{position.symbol}</TableCell>
            <TableCell numeric label="Quantity">
              <Quantity value={position.quantity} instrument={instrumentOf(instruments, position.symbol)} />
            </TableCell>
            <TableCell numeric label="Avg cost">
              {formatPrice(position.avgCost, tickDecimalsOf(instruments, position.symbol))}
            </TableCell>
            <TableCell numeric label="Price">
              {formatPrice(position.marketPrice)}
            </TableCell>
            <TableCell numeric label="Market value">
              {formatMoney(position.marketValue)}
            </TableCell>
            <TableCell numeric label="Unrealized P&L">
              <Signed value={position.unrealizedPnl}>
                {formatSignedMoney(position.unrealizedPnl)}{' '}
                <span className="text-xs xl:block">({formatSignedPercent(position.unrealizedPnlPercent)})</span>
              </Signed>
            </TableCell>
            <TableCell numeric label="Realized P&L">
              <Signed value={position.realizedPnl}>{formatSignedMoney(position.realizedPnl)}</Signed>
            </TableCell>
            <TableCell numeric label="Day change">
              <Signed value={position.dayChange}>{formatSignedMoney(position.dayChange)}</Signed>
            </TableCell>
            <TableCell numeric label="Stop-loss / Take-profit">
              {/* the levels and the button wrap onto two lines where a card is narrow; in the table the
                  levels sit above the button, so the column stays narrow */}
              <span className="inline-flex min-w-0 flex-wrap items-center justify-end gap-x-2 gap-y-1 xl:flex-col xl:items-end">
                <span>
                  {position.stopLoss ? formatPrice(position.stopLoss) : '—'} /{' '}
                  {position.takeProfit ? formatPrice(position.takeProfit) : '—'}
                </span>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`Edit stop-loss and take-profit for ${position.symbol}`}
                  onClick={() => onProtect(position)}
                >
                  Edit
                </Button>
              </span>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
