import { useState } from 'react';
import type { Exposure, ProposedForward } from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { newId } from '@/lib/new-id';
import { Alert } from '@/ui/alert';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { EmptyState } from '@/ui/query-state';
import { useBookForward } from '../api/book-forward';
import { useProposeHedges } from '../api/propose-hedges';
import { bookingRefusal } from '../booking-refusal';
import { formatAmount, formatDay, formatRate } from '../format';
import { BUCKET_TEXTS, DESK_TEXTS, SIDE_TEXTS } from '../texts';

const T = DESK_TEXTS.hedge;

/** One proposed forward and how its booking went; its key is kept across retries, so it books once. */
interface Row {
  proposal: ProposedForward;
  idempotencyKey: string;
  state: 'proposed' | 'booking' | 'booked' | 'failed';
  error?: string;
}

function ProposalRow({
  row,
  home,
  onBook,
  busy,
}: {
  row: Row;
  home: Exposure['homeCurrency'];
  onBook(): void;
  busy: boolean;
}) {
  const { proposal } = row;
  return (
    <li
      className="flex flex-wrap items-start justify-between gap-3 rounded-md border border-border p-3"
      data-testid="proposal"
    >
      <div className="min-w-0 flex-1 basis-60 text-sm">
        <p className="font-medium">
          {T.proposal(
            SIDE_TEXTS[proposal.side],
            formatAmount(proposal.amount, proposal.currency),
            formatDay(proposal.maturityDate),
          )}
          <span className="ml-2 text-xs font-normal text-muted">{BUCKET_TEXTS[proposal.bucket]}</span>
        </p>
        <p className="tabular text-muted">
          {T.fixes(formatRate(proposal.forwardRate), formatAmount(proposal.homeAmount, home))}
        </p>
        {proposal.allocations.length > 0 && (
          <p className="text-xs text-muted">
            {T.covers(
              proposal.allocations
                .map((a) => `${a.invoiceReference} (${formatAmount(a.amount, proposal.currency)})`)
                .join(', '),
            )}
          </p>
        )}
        {row.state === 'failed' && (
          <p role="alert" className="mt-1 text-sm text-loss">
            {row.error}
          </p>
        )}
      </div>
      {row.state === 'booked' ? (
        <Badge variant="success">✓ {T.booked}</Badge>
      ) : (
        <Button
          size="sm"
          variant="outline"
          loading={row.state === 'booking'}
          loadingText={T.booking}
          disabled={busy}
          aria-label={`${T.book}: ${SIDE_TEXTS[proposal.side]} ${formatAmount(proposal.amount, proposal.currency)}`}
          onClick={onBook}
        >
          {T.book}
        </Button>
      )}
    </li>
  );
}

/**
 * "Hedge to policy": asks the server for the forwards that would bring each period to its target,
 * and books them one by one or all at once. Each booking sends its own Idempotency-Key, minted
 * with the proposal and kept across retries, so a retried booking never books twice.
 */
export function HedgeToPolicy({ exposure }: { exposure: Exposure }) {
  const propose = useProposeHedges();
  const book = useBookForward();
  const [rows, setRows] = useState<Row[] | null>(null);
  const [bookingAll, setBookingAll] = useState(false);
  const busy = bookingAll || rows?.some((r) => r.state === 'booking') === true;

  const ask = () =>
    propose.mutate(undefined, {
      onSuccess: (forwards) =>
        setRows(forwards.map((proposal) => ({ proposal, idempotencyKey: newId(), state: 'proposed' as const }))),
    });
  const setRow = (index: number, patch: Partial<Row>) =>
    setRows((current) => current?.map((row, i) => (i === index ? { ...row, ...patch } : row)) ?? null);
  const bookOne = async (index: number, row: Row): Promise<boolean> => {
    setRow(index, { state: 'booking', error: undefined });
    const { currency, side, amount, maturityDate, allocations } = row.proposal;
    try {
      await book.mutateAsync({
        idempotencyKey: row.idempotencyKey,
        forward: {
          currency,
          side,
          amount,
          maturityDate,
          allocations: allocations.map(({ invoiceId, amount: allocated }) => ({ invoiceId, amount: allocated })),
        },
      });
      setRow(index, { state: 'booked' });
      return true;
    } catch (error) {
      const references = allocations.map((allocation) => allocation.invoiceReference);
      setRow(index, { state: 'failed', error: bookingRefusal(error, references, T.failed) });
      return false;
    }
  };
  const bookAll = async () => {
    setBookingAll(true);
    for (const [index, row] of (rows ?? []).entries()) {
      if (row.state === 'booked') continue;
      if (!(await bookOne(index, row))) break;
    }
    setBookingAll(false);
  };
  const left = rows?.filter((r) => r.state !== 'booked').length ?? 0;
  return (
    <section aria-labelledby="hedge-heading" className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0 flex-1 basis-64">
          <h3 id="hedge-heading" className="text-base font-semibold">
            {T.heading}
          </h3>
          <p className="text-sm text-muted">{T.description}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button onClick={ask} loading={propose.isPending} loadingText={T.proposing} disabled={busy}>
            {T.propose}
          </Button>
          {left > 1 && (
            <Button
              variant="outline"
              onClick={() => void bookAll()}
              loading={bookingAll}
              loadingText={T.booking}
              disabled={busy}
            >
              {T.bookAll}
            </Button>
          )}
        </div>
      </div>
      {propose.isError && <Alert variant="error">{errorMessage(propose.error, T.proposeFailed)}</Alert>}
      {rows && rows.length === 0 && <EmptyState title={T.nothing} />}
      {rows && rows.length > 0 && (
        <ul aria-label={T.heading} className="flex flex-col gap-2">
          {rows.map((row, index) => (
            <ProposalRow
              key={row.idempotencyKey}
              row={row}
              home={exposure.homeCurrency}
              busy={busy}
              onBook={() => void bookOne(index, row)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}
