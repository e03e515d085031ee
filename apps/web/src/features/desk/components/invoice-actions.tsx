import type { Invoice } from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { Alert } from '@/ui/alert';
import { ConfirmDialog } from '@/ui/confirm-dialog';
import { useDeleteInvoice } from '../api/delete-invoice';
import { useUpdateInvoice } from '../api/update-invoice';
import { DESK_TEXTS } from '../texts';
import { EditInvoiceDialog } from './invoice-dialogs';
import { PaymentDialog } from './payment-dialog';

const T = DESK_TEXTS.invoices;

export type InvoiceActionKind = 'pay' | 'edit' | 'cancel' | 'delete';
export interface InvoiceAction {
  kind: InvoiceActionKind;
  invoice: Invoice;
}

/** The dialogs of an invoice's actions; the one `action` names is open. */
export function InvoiceActionDialogs({
  action,
  today,
  onClose,
}: {
  action: InvoiceAction | null;
  today: string;
  onClose(): void;
}) {
  const cancel = useUpdateInvoice();
  const remove = useDeleteInvoice();
  const of = (kind: InvoiceActionKind) => (action?.kind === kind ? action.invoice : null);
  const close = () => {
    cancel.reset();
    remove.reset();
    onClose();
  };
  const cancelling = of('cancel');
  const deleting = of('delete');
  return (
    <>
      <PaymentDialog invoice={of('pay')} today={today} onClose={close} />
      <EditInvoiceDialog invoice={of('edit')} onClose={close} />
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && close()}
        title={T.cancelTitle}
        description={cancelling ? T.cancelDescription(cancelling.reference) : undefined}
        confirmLabel={T.cancelConfirm}
        cancelLabel={T.keep}
        pending={cancel.isPending}
        onConfirm={() =>
          cancelling && cancel.mutate({ id: cancelling.id, patch: { status: 'cancelled' } }, { onSuccess: close })
        }
      >
        {cancel.isError && <Alert variant="error">{errorMessage(cancel.error, DESK_TEXTS.invoiceForm.failed)}</Alert>}
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && close()}
        title={T.deleteTitle}
        description={deleting ? T.deleteDescription(deleting.reference) : undefined}
        confirmLabel={T.deleteConfirm}
        cancelLabel={T.keep}
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id, { onSuccess: close })}
      >
        {remove.isError && <Alert variant="error">{errorMessage(remove.error, DESK_TEXTS.invoiceForm.failed)}</Alert>}
      </ConfirmDialog>
    </>
  );
}
