import { useState } from 'react';
import {
  CURRENCY_CODES,
  INVOICE_DIRECTIONS,
  INVOICE_STATUSES,
  type CurrencyCode,
  type Invoice,
  type InvoiceDirection,
  type InvoiceStatus,
} from '@tp/shared';
import { Button } from '@/ui/button';
import { FormField } from '@/ui/form-field';
import { NativeSelect } from '@/ui/native-select';
import { EmptyState, QueryState } from '@/ui/query-state';
import { FIRST_INVOICES_PAGE, useInvoices } from '../api/get-invoices';
import type { InvoiceFilters } from '../api/keys';
import { DESK_TEXTS, DIRECTION_TEXTS, INVOICE_STATUS_TEXTS } from '../texts';
import { InvoiceActionDialogs, type InvoiceAction } from './invoice-actions';
import { InvoicesTable } from './invoices-table';
import { DeskSection } from './section';

const T = DESK_TEXTS.invoices;

function Filters({ filters, onChange }: { filters: InvoiceFilters; onChange(filters: InvoiceFilters): void }) {
  const set = (patch: Partial<InvoiceFilters>) => onChange({ ...filters, ...patch, page: 1 });
  return (
    <form
      aria-label={T.filters}
      className="mb-3 grid grid-cols-1 gap-3 sm:grid-cols-3"
      onSubmit={(e) => e.preventDefault()}
    >
      <FormField name="invoice-status" label={T.status}>
        <NativeSelect
          value={filters.status ?? ''}
          onChange={(value) => set({ status: (value || undefined) as InvoiceStatus | undefined })}
          options={[
            { value: '', label: T.allStatuses },
            ...INVOICE_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_TEXTS[s] })),
          ]}
        />
      </FormField>
      <FormField name="invoice-currency" label={T.currency}>
        <NativeSelect
          value={filters.currency ?? ''}
          onChange={(value) => set({ currency: (value || undefined) as CurrencyCode | undefined })}
          options={[{ value: '', label: T.allCurrencies }, ...CURRENCY_CODES.map((c) => ({ value: c, label: c }))]}
        />
      </FormField>
      <FormField name="invoice-direction" label={T.direction}>
        <NativeSelect
          value={filters.direction ?? ''}
          onChange={(value) => set({ direction: (value || undefined) as InvoiceDirection | undefined })}
          options={[
            { value: '', label: T.allDirections },
            ...INVOICE_DIRECTIONS.map((d) => ({ value: d, label: DIRECTION_TEXTS[d] })),
          ]}
        />
      </FormField>
    </form>
  );
}

function Pager({
  filters,
  total,
  shown,
  onPage,
}: {
  filters: InvoiceFilters;
  total: number;
  shown: number;
  onPage(page: number): void;
}) {
  const first = (filters.page - 1) * filters.limit + 1;
  if (total <= filters.limit && filters.page === 1) return null;
  return (
    <nav aria-label="Invoice pages" className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
      <span className="tabular text-muted">{T.page(first, first + shown - 1, total)}</span>
      <span className="flex gap-2">
        <Button variant="outline" size="sm" disabled={filters.page <= 1} onClick={() => onPage(filters.page - 1)}>
          {T.previous}
        </Button>
        <Button
          variant="outline"
          size="sm"
          disabled={first + shown - 1 >= total}
          onClick={() => onPage(filters.page + 1)}
        >
          {T.next}
        </Button>
      </span>
    </nav>
  );
}

/**
 * The invoices: filters, a page of them by due date with their status, what is open and hedged,
 * and their actions (record a payment, edit, cancel, delete); "New invoice" and "Capture from a
 * file" open the page's dialogs.
 */
export function InvoicesPanel({
  today,
  onNewInvoice,
  onCapture,
}: {
  today: string;
  onNewInvoice(): void;
  onCapture(): void;
}) {
  const [filters, setFilters] = useState<InvoiceFilters>(FIRST_INVOICES_PAGE);
  const [action, setAction] = useState<InvoiceAction | null>(null);
  const invoices = useInvoices(filters);
  const filtered = Boolean(filters.status || filters.currency || filters.direction);
  return (
    <DeskSection
      id="desk-invoices"
      title={T.heading}
      actions={
        <>
          <Button size="sm" onClick={onNewInvoice}>
            {T.newInvoice}
          </Button>
          <Button size="sm" variant="outline" onClick={onCapture}>
            {T.capture}
          </Button>
        </>
      }
    >
      <Filters filters={filters} onChange={setFilters} />
      <QueryState query={invoices} label="invoices" lines={4}>
        {(data) =>
          data.invoices.length === 0 ? (
            <EmptyState title={filtered ? T.filteredEmpty : T.empty} />
          ) : (
            <>
              <InvoicesTable
                invoices={data.invoices}
                today={today}
                onAction={(kind, invoice: Invoice) => setAction({ kind, invoice })}
              />
              <Pager
                filters={filters}
                total={data.total}
                shown={data.invoices.length}
                onPage={(page) => setFilters({ ...filters, page })}
              />
            </>
          )
        }
      </QueryState>
      <InvoiceActionDialogs action={action} today={today} onClose={() => setAction(null)} />
    </DeskSection>
  );
}
