import { useState } from 'react';
import type { Forward } from '@tp/shared';
import { formatDateTime } from '@/lib/format-date';
import { useTimeZone } from '@/lib/time-zone';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { EmptyState, QueryState } from '@/ui/query-state';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/ui/table';
import { useForwards } from '../api/get-forwards';
import {
  formatAmount,
  formatDay,
  formatPoints,
  formatRate,
  formatSignedAmount,
  isNonZero,
  isPositive,
} from '../format';
import { DESK_TEXTS, FORWARD_STATUS_TEXTS, SIDE_TEXTS } from '../texts';
import { CloseForwardDialog, RollForwardDialog } from './forward-dialogs';
import { CellLines } from './cell-lines';
import { Money } from './money';
import { DeskSection } from './section';

const T = DESK_TEXTS.forwards;

function ForwardName({ forward }: { forward: Forward }) {
  return (
    <CellLines>
      <span className="font-medium">
        {SIDE_TEXTS[forward.side]} <Money value={forward.amount} currency={forward.currency} />
      </span>
      {isPositive(forward.deliveredAmount) && (
        <span className="text-xs text-muted">
          {T.delivered(formatAmount(forward.deliveredAmount, forward.currency))}
        </span>
      )}
    </CellLines>
  );
}

/** The cells every forward's row starts with: what it is, when it matures, the rate it was booked at. */
function ForwardCells({ forward, points = false }: { forward: Forward; points?: boolean }) {
  return (
    <>
      <TableCell>
        <ForwardName forward={forward} />
      </TableCell>
      <TableCell label={T.maturity} className="tabular whitespace-nowrap">
        {formatDay(forward.maturityDate)}
      </TableCell>
      <TableCell numeric label={T.bookedRate}>
        <CellLines end>
          {formatRate(forward.forwardRate)}
          {points && <span className="text-xs text-muted">{formatPoints(forward.forwardPoints)}</span>}
        </CellLines>
      </TableCell>
    </>
  );
}

function Allocations({ forward }: { forward: Forward }) {
  const live = forward.allocations.filter((a) => isPositive(a.amount));
  if (live.length === 0) return <span className="text-muted">{T.unallocated}</span>;
  return (
    <ul className="text-xs">
      {live.map((a) => (
        <li key={a.invoiceId}>
          <span className="whitespace-nowrap">{a.invoiceReference}</span>{' '}
          <span className="tabular whitespace-nowrap text-muted">{formatAmount(a.amount, forward.currency)}</span>
        </li>
      ))}
    </ul>
  );
}

function LiveForwards({
  forwards,
  onClose,
  onRoll,
}: {
  forwards: Forward[];
  onClose(f: Forward): void;
  onRoll(f: Forward): void;
}) {
  if (forwards.length === 0) return <p className="text-sm text-muted">{T.noLive}</p>;
  return (
    <Table stacked="xl" scrollLabel={T.live}>
      <TableHeader>
        <TableRow>
          <TableHead>{T.forward}</TableHead>
          <TableHead>{T.maturity}</TableHead>
          <TableHead numeric>{T.bookedRate}</TableHead>
          <TableHead numeric>{T.todaysRate}</TableHead>
          <TableHead numeric>{T.markToMarket}</TableHead>
          <TableHead>{T.allocations}</TableHead>
          <TableHead>
            <span className="sr-only">{DESK_TEXTS.invoices.actions}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {forwards.map((forward) => (
          <TableRow key={forward.id} data-testid={`forward-${forward.id}`}>
            <ForwardCells forward={forward} points />
            <TableCell numeric label={T.todaysRate}>
              {forward.currentForwardRate ? formatRate(forward.currentForwardRate) : '—'}
            </TableCell>
            <TableCell numeric label={T.markToMarket}>
              <CellLines end>
                {forward.markToMarket !== null ? (
                  <Money signed value={forward.markToMarket} currency={forward.homeCurrency} />
                ) : (
                  '—'
                )}
                {forward.carriedGainLoss !== null && isNonZero(forward.carriedGainLoss) && (
                  <span className="text-xs text-muted">
                    {T.carried(formatSignedAmount(forward.carriedGainLoss, forward.homeCurrency))}
                  </span>
                )}
              </CellLines>
            </TableCell>
            <TableCell label={T.allocations}>
              <Allocations forward={forward} />
            </TableCell>
            <TableCell>
              <div className="flex w-full flex-wrap justify-end gap-1">
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`${T.close}: ${SIDE_TEXTS[forward.side]} ${formatAmount(forward.amount, forward.currency)}`}
                  onClick={() => onClose(forward)}
                >
                  {T.close}
                </Button>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`${T.roll}: ${SIDE_TEXTS[forward.side]} ${formatAmount(forward.amount, forward.currency)}`}
                  onClick={() => onRoll(forward)}
                >
                  {T.roll}
                </Button>
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function EndedForwards({ forwards }: { forwards: Forward[] }) {
  const timeZone = useTimeZone();
  if (forwards.length === 0) return <p className="text-sm text-muted">{T.noEnded}</p>;
  return (
    <Table stacked="xl" scrollLabel={T.ended}>
      <TableHeader>
        <TableRow>
          <TableHead>{T.forward}</TableHead>
          <TableHead>{T.maturity}</TableHead>
          <TableHead numeric>{T.bookedRate}</TableHead>
          <TableHead>{T.status}</TableHead>
          <TableHead>{T.ended_at}</TableHead>
          <TableHead numeric>{T.realised}</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {forwards.map((forward) => (
          <TableRow key={forward.id}>
            <ForwardCells forward={forward} />
            <TableCell label={T.status}>
              <Badge variant="outline">{FORWARD_STATUS_TEXTS[forward.status]}</Badge>
            </TableCell>
            <TableCell label={T.ended_at} className="whitespace-nowrap">
              {formatDateTime(forward.endedAt, timeZone)}
            </TableCell>
            <TableCell numeric label={T.realised}>
              {forward.realisedGainLoss !== null ? (
                <Money signed value={forward.realisedGainLoss} currency={forward.homeCurrency} />
              ) : (
                '—'
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** The forwards: live ones marked to market with their allocations, close and roll; ended ones with what they realised. */
export function ForwardsPanel({ today, onBook }: { today: string; onBook(): void }) {
  const forwards = useForwards();
  const [closing, setClosing] = useState<Forward | null>(null);
  const [rolling, setRolling] = useState<Forward | null>(null);
  return (
    <DeskSection
      id="desk-forwards"
      title={T.heading}
      actions={
        <Button size="sm" onClick={onBook}>
          {T.book}
        </Button>
      }
    >
      <QueryState query={forwards} label="forwards" lines={3}>
        {(list) =>
          list.length === 0 ? (
            <EmptyState title={T.empty} />
          ) : (
            <div className="flex flex-col gap-5">
              <section aria-labelledby="forwards-live" className="flex flex-col gap-2">
                <h3 id="forwards-live" className="text-sm font-semibold">
                  {T.live}
                </h3>
                <LiveForwards
                  forwards={list.filter((f) => f.status === 'live')}
                  onClose={setClosing}
                  onRoll={setRolling}
                />
              </section>
              <section aria-labelledby="forwards-ended" className="flex flex-col gap-2">
                <h3 id="forwards-ended" className="text-sm font-semibold">
                  {T.ended}
                </h3>
                <EndedForwards forwards={list.filter((f) => f.status !== 'live')} />
              </section>
            </div>
          )
        }
      </QueryState>
      <CloseForwardDialog forward={closing} onClose={() => setClosing(null)} />
      <RollForwardDialog forward={rolling} today={today} onClose={() => setRolling(null)} />
    </DeskSection>
  );
}
