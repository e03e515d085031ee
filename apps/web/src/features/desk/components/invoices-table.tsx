import { Ban, Pencil, Trash2 } from 'lucide-react';
import type { Invoice, InvoiceStatus } from '@tp/shared';
import { Badge, type BadgeVariant } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/ui/table';
import { formatAmount, formatDay, formatRate, isPositive } from '../format';
import { DESK_TEXTS, DIRECTION_TEXTS, INVOICE_STATUS_TEXTS } from '../texts';
import type { InvoiceActionKind } from './invoice-actions';
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
    <div className="flex flex-wrap items-center justify-end gap-1">
      {live && (
        <Button
          variant="outline"
          size="sm"
          aria-label={`${T.recordPayment}: ${invoice.reference}`}
          onClick={() => onAction('pay', invoice)}
        >
          {T.recordPayment}
        </Button>
      )}
      {live && icon('edit', T.edit, Pencil)}
      {live && icon('cancel', T.cancel, Ban)}
      {!isPositive(invoice.paidAmount) && icon('delete', T.delete, Trash2)}
    </div>
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
          <TableHead numeric>{T.amount}</TableHead>
          <TableHead numeric>{T.open}</TableHead>
          <TableHead numeric>{T.booked}</TableHead>
          <TableHead numeric>{T.revaluation}</TableHead>
          <TableHead>{T.status}</TableHead>
          <TableHead>
            <span className="sr-only">{T.actions}</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {invoices.map((invoice) => {
          const overdue = takesPayments(invoice) && invoice.dueDate < today;
          return (
            <TableRow key={invoice.id} data-testid={`invoice-${invoice.reference}`}>
              <TableCell>
                <div className="font-medium">{invoice.reference}</div>
                <div className="text-xs text-muted">
                  {DIRECTION_TEXTS[invoice.direction]} · {invoice.counterparty}
                  {invoice.fileName && ` · ${invoice.fileName}`}
                </div>
              </TableCell>
              <TableCell label={T.due} className="whitespace-nowrap">
                <span className="tabular">{formatDay(invoice.dueDate)}</span>
                {overdue && (
                  <Badge variant="danger" className="ml-2">
                    {T.overdue}
                  </Badge>
                )}
              </TableCell>
              <TableCell numeric label={T.amount}>
                <Money value={invoice.amount} currency={invoice.currency} />
              </TableCell>
              <TableCell numeric label={T.open}>
                <Money value={invoice.openAmount} currency={invoice.currency} />
                {isPositive(invoice.hedgedAmount) && (
                  <div className="text-xs text-muted">
                    {T.hedgedPart(formatAmount(invoice.hedgedAmount, invoice.currency))}
                  </div>
                )}
              </TableCell>
              <TableCell numeric label={T.booked}>
                <Money value={invoice.bookedHomeAmount} currency={invoice.homeCurrency} />
                <div className="text-xs text-muted">@ {formatRate(invoice.bookedRate)}</div>
              </TableCell>
              <TableCell numeric label={T.revaluation}>
                <Money signed value={invoice.revaluation} currency={invoice.homeCurrency} />
              </TableCell>
              <TableCell label={T.status}>
                <Badge variant={STATUS_BADGE[invoice.status]}>{INVOICE_STATUS_TEXTS[invoice.status]}</Badge>
              </TableCell>
              <TableCell>
                <RowActions invoice={invoice} onAction={onAction} />
              </TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
