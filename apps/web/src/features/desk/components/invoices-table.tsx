import { Ban, Pencil, Trash2 } from 'lucide-react';
import type { Invoice, InvoiceStatus } from '@tp/shared';
import { Badge, type BadgeVariant } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/ui/table';
import { formatAmount, formatDay, formatRate, isPositive } from '../format';
import { DESK_TEXTS, DIRECTION_TEXTS, INVOICE_STATUS_TEXTS } from '../texts';
import type { InvoiceActionKind } from './invoice-actions';
import { CellLines } from './cell-lines';
import { Money } from './money';

const T = DESK_TEXTS.invoices;

const STATUS_BADGE: Record<InvoiceStatus, BadgeVariant> = {
  open: 'info',
  partly_paid: 'warning',
  paid: 'success',
  cancelled: 'default',
};

const takesPayments = (invoice: Invoice) => invoice.status === 'open' || invoice.status === 'partly_paid';

function RowActions({
  invoice,
  onAction,
}: {
  invoice: Invoice;
  onAction(kind: InvoiceActionKind, invoice: Invoice): void;
}) {
  const live = takesPayments(invoice);
  const icon = (kind: InvoiceActionKind, label: string, Icon: typeof Pencil) => (
    <Button
      variant="ghost"
      size="icon"
      aria-label={`${label}: ${invoice.reference}`}
      title={label}
      onClick={() => onAction(kind, invoice)}
    >
      <Icon aria-hidden="true" className="size-4" />
    </Button>
  );
  return (
    // the payment button above the three icons where the table has columns, so it stays narrow
    <div className="flex w-full flex-wrap items-center justify-end gap-1 xl:w-auto xl:max-w-36">
      {live && (
        <Button
          variant="outline"
          size="sm"
          aria-label={`${T.recordPayment}: ${invoice.reference}`}
          onClick={() => onAction('pay', invoice)}
          className="whitespace-nowrap"
        >
          {T.recordPayment}
        </Button>
      )}
      {/* the icons wrap together */}
      <span className="flex">
        {live && icon('edit', T.edit, Pencil)}
        {live && icon('cancel', T.cancel, Ban)}
        {!isPositive(invoice.paidAmount) && icon('delete', T.delete, Trash2)}
      </span>
    </div>
  );
}

function InvoiceRow({
  invoice,
  today,
  onAction,
}: {
  invoice: Invoice;
  today: string;
  onAction(kind: InvoiceActionKind, invoice: Invoice): void;
}) {
  const overdue = takesPayments(invoice) && invoice.dueDate < today;
  return (
    <TableRow data-testid={`invoice-${invoice.reference}`}>
      <TableCell>
        <CellLines>
          <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <span className="font-medium">{invoice.reference}</span>
            <Badge variant={STATUS_BADGE[invoice.status]}>{INVOICE_STATUS_TEXTS[invoice.status]}</Badge>
          </span>
          <span className="max-w-64 text-xs text-muted wrap-anywhere">
            {DIRECTION_TEXTS[invoice.direction]} · {invoice.counterparty}
            {invoice.fileName && ` · ${invoice.fileName}`}
          </span>
        </CellLines>
      </TableCell>
      <TableCell label={T.due}>
        <span className="inline-flex flex-wrap items-center justify-end gap-2 xl:flex-col xl:items-start xl:gap-1">
          <span className="tabular whitespace-nowrap">{formatDay(invoice.dueDate)}</span>
          {overdue && <Badge variant="danger">{T.overdue}</Badge>}
        </span>
      </TableCell>
      <TableCell numeric label={T.open}>
        <CellLines end>
          <Money value={invoice.openAmount} currency={invoice.currency} />
          {invoice.openAmount !== invoice.amount && (
            <span className="text-xs text-muted">{T.ofAmount(formatAmount(invoice.amount, invoice.currency))}</span>
          )}
          {isPositive(invoice.hedgedAmount) && (
            <span className="text-xs text-muted">
              {T.hedgedPart(formatAmount(invoice.hedgedAmount, invoice.currency))}
            </span>
          )}
        </CellLines>
      </TableCell>
      <TableCell numeric label={T.booked}>
        <CellLines end>
          <Money value={invoice.bookedHomeAmount} currency={invoice.homeCurrency} />
          <span className="text-xs text-muted">@ {formatRate(invoice.bookedRate)}</span>
        </CellLines>
      </TableCell>
      <TableCell numeric label={T.revaluation}>
        <CellLines end>
          <Money signed value={invoice.revaluation} currency={invoice.homeCurrency} />
          {isPositive(invoice.paidAmount) && (
            <span className="text-xs text-muted">
              {T.realised} <Money signed value={invoice.realisedGainLoss} currency={invoice.homeCurrency} />
            </span>
          )}
        </CellLines>
      </TableCell>
      <TableCell>
        <RowActions invoice={invoice} onAction={onAction} />
      </TableCell>
    </TableRow>
  );
}

/** A page of invoices by due date: what each is, what is still open and hedged, what it was booked at and is worth now. */
export function InvoicesTable({
  invoices,
  today,
  onAction,
}: {
  invoices: readonly Invoice[];
  today: string;
  onAction(kind: InvoiceActionKind, invoice: Invoice): void;
}) {
  return (
    <Table stacked="xl" scrollLabel={T.heading}>
      <TableHeader>
        <TableRow>
          <TableHead>{T.invoice}</TableHead>
          <TableHead>{T.due}</TableHead>
          <TableHead numeric>{T.open}</TableHead>
          <TableHead numeric>{T.booked}</TableHead>
          <TableHead numeric>{T.revaluation}</TableHead>
          <TableHead>
            <span className="sr-only">{T.actions}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {invoices.map((invoice) => (
          <InvoiceRow key={invoice.id} invoice={invoice} today={today} onAction={onAction} />
        ))}
      </TableBody>
    </Table>
  );
}
