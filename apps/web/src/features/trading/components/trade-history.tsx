import { LoadError } from '@/ui/load-error';
import { useState, type FormEvent } from 'react';
import { TRADING_MESSAGES, type Account, type Instrument, type Order, type OrderQuery } from '@tp/shared';
import { Badge, type BadgeVariant } from '@/ui/badge';
import { Button } from '@/ui/button';
import { DownloadButton } from '@/ui/download-button';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { formatMoney } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date';
import { dayRangeIn, useTimeZone } from '@/lib/time-zone';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/ui/table';
import { useAccounts } from '../api/get-accounts';
import { HISTORY_PAGE_SIZE, historyPage, useOrders } from '../api/get-orders';
import { formatPrice, instrumentOf, ORDER_TYPE_LABELS, STATUS_LABELS, tickDecimalsOf } from '../format';
import { NativeSelect } from '@/ui/native-select';
import { OrderPrice } from './order-price';
import { Quantity } from './quantity';
import { Panel } from './panel';
import { EmptyState, LoadingState } from '@/ui/query-state';
import { fieldMessage } from '../field-wording';

const STATUS_BADGE: Record<Order['status'], BadgeVariant> = {
  pending: 'info',
  filled: 'success',
  cancelled: 'default',
  rejected: 'danger',
  expired: 'warning',
};

interface Filters {
  symbol: string;
  startDate: string;
  endDate: string;
}

const accountLabel = (account: Account, timeZone: string | undefined) =>
  account.status === 'active'
    ? 'Current account'
    : `Closed ${formatDateTime(account.closedAt ?? account.createdAt, timeZone)}`;

/**
 * The accounts closed by resets keep their history (read-only): a picker appears once there is
 * one, and the history then lists that account's orders.
 */
function AccountPicker({
  accounts,
  value,
  onChange,
}: {
  accounts: readonly Account[];
  value: string;
  onChange(accountId: string): void;
}) {
  const timeZone = useTimeZone();
  const closed = accounts.find((account) => account.id === value && account.status === 'closed');
  return (
    <div className="mb-3 flex flex-col gap-2">
      <FormField name="history-account" label="Account" className="max-w-md">
        <NativeSelect
          value={value}
          onChange={onChange}
          options={accounts.map((account) => ({
            value: account.status === 'active' ? '' : account.id,
            label: accountLabel(account, timeZone),
          }))}
        />
      </FormField>
      {closed && (
        <p className="text-sm text-muted" data-testid="closed-account-note">
          This account opened on {formatDateTime(closed.createdAt, timeZone)} with{' '}
          <span className="tabular">{formatMoney(closed.openingCash)}</span>; a reset closed it on{' '}
          {formatDateTime(closed.closedAt ?? closed.createdAt, timeZone)} with{' '}
          <span className="tabular">{formatMoney(closed.cashBalance)}</span> in cash. Its history is read-only.
        </p>
      )}
    </div>
  );
}

export function TradeHistory({ instruments }: { instruments: readonly Instrument[] }) {
  const accounts = useAccounts();
  const timeZone = useTimeZone();
  const [accountId, setAccountId] = useState('');
  const [draft, setDraft] = useState<Filters>({ symbol: '', startDate: '', endDate: '' });
  const [filters, setFilters] = useState<Filters>(draft);
  const [dateError, setDateError] = useState<string | null>(null);
  const [page, setPage] = useState(0);
  // the days the user picked, in the user's zone
  const days = dayRangeIn({ from: filters.startDate, to: filters.endDate }, timeZone);
  const dayFilter = { ...(days.from && { startDate: days.from }), ...(days.to && { endDate: days.to }) };
  const query: OrderQuery = {
    ...(accountId && { accountId }),
    ...(filters.symbol && { symbol: filters.symbol }),
    ...dayFilter,
    ...historyPage(page),
  };
  const trades = useOrders(query);
  // the CSV carries the history's filters (not its page): every order they select
  const exportQuery = new URLSearchParams({
    ...(accountId && { accountId }),
    ...(filters.symbol && { symbol: filters.symbol }),
    ...dayFilter,
  }).toString();
  const filtered = Boolean(filters.symbol || filters.startDate || filters.endDate);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (draft.startDate && draft.endDate && draft.startDate > draft.endDate) {
      setDateError(fieldMessage('startDate', TRADING_MESSAGES.startAfterEnd));
      return;
    }
    setDateError(null);
    setFilters(draft);
    setPage(0);
  };
  const clear = () => {
    const empty = { symbol: '', startDate: '', endDate: '' };
    setDraft(empty);
    setFilters(empty);
    setDateError(null);
    setPage(0);
  };

  const rows = trades.data?.data ?? [];
  const total = trades.data?.pagination.total ?? 0;
  const first = page * HISTORY_PAGE_SIZE + 1;
  const last = page * HISTORY_PAGE_SIZE + rows.length;

  return (
    <Panel
      id="trade-history"
      title="Trade history"
      actions={
        <DownloadButton path={`/api/trades/export.csv${exportQuery ? `?${exportQuery}` : ''}`} fileName="trades.csv">
          Export CSV
        </DownloadButton>
      }
    >
      {accounts.data && accounts.data.length > 1 && (
        <AccountPicker
          accounts={accounts.data}
          value={accountId}
          onChange={(id) => {
            setAccountId(id);
            setPage(0);
          }}
        />
      )}
      <HistoryFilterForm
        instruments={instruments}
        draft={draft}
        onDraftChange={setDraft}
        dateError={dateError}
        filtered={filtered}
        onApply={apply}
        onClear={clear}
      />

      {trades.isPending ? (
        <LoadingState label="Loading trade history" lines={4} />
      ) : trades.isError && !trades.data ? (
        <LoadError error={trades.error} onRetry={() => void trades.refetch()} />
      ) : rows.length === 0 ? (
        <HistoryEmpty filtered={filtered} closedAccount={Boolean(accountId)} />
      ) : (
        <>
          <TradeTable rows={rows} instruments={instruments} busy={trades.isFetching} />
          <HistoryPager
            first={first}
            last={last}
            total={total}
            hasPrevious={page > 0}
            hasMore={Boolean(trades.data?.pagination.hasMore)}
            onPage={(delta) => setPage(page + delta)}
          />
        </>
      )}
    </Panel>
  );
}

function HistoryFilterForm({
  instruments,
  draft,
  onDraftChange,
  dateError,
  filtered,
  onApply,
  onClear,
}: {
  instruments: readonly Instrument[];
  draft: Filters;
  onDraftChange(filters: Filters): void;
  dateError: string | null;
  filtered: boolean;
  onApply(event: FormEvent): void;
  onClear(): void;
}) {
  return (
    <form
      onSubmit={onApply}
      aria-label="Filter trade history"
      className="mb-3 grid grid-cols-2 items-end gap-3 md:grid-cols-[1fr_1fr_1fr_auto]"
    >
      <FormField name="history-symbol" label="Symbol" className="col-span-2 md:col-span-1">
        <NativeSelect
          value={draft.symbol}
          onChange={(symbol) => onDraftChange({ ...draft, symbol })}
          options={[
            { value: '', label: 'All symbols' },
            ...instruments.map((i) => ({ value: i.symbol, label: i.symbol })),
          ]}
        />
      </FormField>
      <FormField name="history-from" label="From" error={dateError}>
        <Input
          type="date"
          value={draft.startDate}
          onChange={(e) => onDraftChange({ ...draft, startDate: e.target.value })}
        />
      </FormField>
      <FormField name="history-to" label="To">
        <Input
          type="date"
          value={draft.endDate}
          onChange={(e) => onDraftChange({ ...draft, endDate: e.target.value })}
        />
      </FormField>
      <div className="col-span-2 flex gap-2 md:col-span-1">
        <Button type="submit" variant="secondary">
          Apply
        </Button>
        {filtered && (
          <Button variant="ghost" onClick={onClear}>
            Clear
          </Button>
        )}
      </div>
    </form>
  );
}

function TradeTable({
  rows,
  instruments,
  busy,
}: {
  rows: readonly Order[];
  instruments: readonly Instrument[];
  busy: boolean;
}) {
  const timeZone = useTimeZone();
  return (
    <Table scrollLabel="Trade history" stacked aria-busy={busy || undefined}>
      <TableHeader>
        <TableRow>
          <TableHead>Time</TableHead>
          <TableHead>Order</TableHead>
          <TableHead>Status</TableHead>
          <TableHead numeric>Quantity</TableHead>
          <TableHead numeric>Price</TableHead>
          <TableHead numeric className="hidden 2xl:table-cell">
            Fees
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((trade) => (
          <TableRow key={trade.id}>
            <TableCell className="whitespace-nowrap text-muted">{formatDateTime(trade.createdAt, timeZone)}</TableCell>
            <TableCell label="Order" className="whitespace-nowrap">
              <span>
                <span className={trade.side === 'buy' ? 'text-gain' : 'text-loss'}>
                  {trade.side === 'buy' ? 'Buy' : 'Sell'}
                </span>{' '}
                <span className="font-semibold">{trade.symbol}</span>{' '}
                <span className="text-muted">{ORDER_TYPE_LABELS[trade.type]}</span>
              </span>
            </TableCell>
            <TableCell label="Status">
              <div className="flex flex-col items-end gap-1 md:items-start">
                <Badge variant={STATUS_BADGE[trade.status]} title={trade.rejectReason ?? undefined}>
                  {STATUS_LABELS[trade.status]}
                </Badge>
                {trade.rejectReason && (
                  <p className="max-w-64 text-right text-xs text-muted md:text-left">{trade.rejectReason}</p>
                )}
              </div>
            </TableCell>
            <TableCell numeric label="Quantity">
              <Quantity
                value={trade.status === 'filled' ? trade.filledQuantity : trade.quantity}
                instrument={instrumentOf(instruments, trade.symbol)}
              />
            </TableCell>
            <TableCell numeric label="Price">
              {/* a fill is an average of its executions: its instrument's decimals, not all it carries */}
              <OrderPrice
                trade={trade}
                format={(value) => formatPrice(value, tickDecimalsOf(instruments, trade.symbol))}
              />
            </TableCell>
            <TableCell numeric label="Fees" className="hidden 2xl:table-cell">
              {formatMoney(trade.fees)}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

function HistoryPager({
  first,
  last,
  total,
  hasPrevious,
  hasMore,
  onPage,
}: {
  first: number;
  last: number;
  total: number;
  hasPrevious: boolean;
  hasMore: boolean;
  onPage(delta: -1 | 1): void;
}) {
  return (
    <nav aria-label="Trade history pages" className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
      <p className="tabular text-muted">
        {first}–{last} of {total}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" disabled={!hasPrevious} onClick={() => onPage(-1)}>
          Previous
        </Button>
        <Button variant="outline" size="sm" disabled={!hasMore} onClick={() => onPage(1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}

function HistoryEmpty({ filtered, closedAccount }: { filtered: boolean; closedAccount: boolean }) {
  return filtered ? (
    <EmptyState title="No trades match these filters">Clear the filters to see every trade.</EmptyState>
  ) : closedAccount ? (
    <EmptyState title="No orders on this account">It was reset before any order was placed.</EmptyState>
  ) : (
    <EmptyState title="No trades yet">
      Place your first order with the order ticket: a market order fills at once at the current price.
    </EmptyState>
  );
}
