import { useState, type ReactNode } from 'react';
import type { Invoice } from '@tp/shared';
import { useNotifications } from '@/lib/notifications';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { useCreateInvoice } from '../api/create-invoice';
import { useUpdateInvoice } from '../api/update-invoice';
import { draftOf, invoiceErrors, invoiceInput, invoicePatch, missingFields } from '../invoice-draft';
import { formatDay } from '../format';
import { DESK_TEXTS, DIRECTION_TEXTS } from '../texts';
import { DialogActions } from './dialog-actions';
import { InvoiceFields, type FieldHints, type InvoiceDraft, type InvoiceField } from './invoice-form';
import { SubmitForm } from './submit-form';

const T = DESK_TEXTS.invoiceForm;

type Errors = Partial<Record<InvoiceField, string>>;

/**
 * An invoice form's state and its sending: the empty required fields are said at once, the
 * server's 400 details at their fields, anything else (a 409, a lost answer) above the form.
 * `send` returns the request, or a sentence when there is nothing to send.
 */
function useInvoiceForm(initial: InvoiceDraft, required?: InvoiceField[]) {
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const check = () => {
    const missing = missingFields(draft, required);
    setErrors(missing);
    setFormError(null);
    return Object.keys(missing).length === 0;
  };
  const failed = (error: unknown) => {
    const { fields, form } = invoiceErrors(error, T.failed);
    setErrors(fields);
    setFormError(form);
  };
  return { draft, setDraft, errors, formError, setFormError, check, failed };
}

function InvoiceForm({
  form,
  hints,
  fixed,
  intro,
  action,
}: {
  form: ReturnType<typeof useInvoiceForm>;
  hints?: FieldHints;
  fixed?: boolean;
  intro?: ReactNode;
  action: { label: string; busy: string; pending: boolean; submit(): void };
}) {
  return (
    <SubmitForm onSubmit={action.submit} errors={form.errors}>
      {intro}
      {form.formError && (
        <Alert variant="error" className="mb-4">
          {form.formError}
        </Alert>
      )}
      <InvoiceFields draft={form.draft} onChange={form.setDraft} errors={form.errors} hints={hints} fixed={fixed} />
      <DialogActions>
        <Button type="submit" loading={action.pending} loadingText={action.busy}>
          {action.label}
        </Button>
      </DialogActions>
    </SubmitForm>
  );
}

/** Creates an invoice from a draft, typed or read from a file (`hints` say how sure the reading was). */
export function InvoiceCreator({
  initial,
  hints,
  onCreated,
}: {
  initial: InvoiceDraft;
  hints?: FieldHints;
  onCreated(invoice: Invoice): void;
}) {
  const create = useCreateInvoice();
  const notifications = useNotifications();
  const form = useInvoiceForm(initial);
  const submit = () => {
    if (!form.check()) return;
    create.mutate(invoiceInput(form.draft), {
      onSuccess: (invoice) => {
        notifications.success(T.created(invoice.reference));
        onCreated(invoice);
      },
      onError: form.failed,
    });
  };
  return (
    <InvoiceForm
      form={form}
      hints={hints}
      action={{ label: T.create, busy: T.creating, pending: create.isPending, submit }}
    />
  );
}

/** "New invoice": every field typed by the user. */
export function NewInvoiceDialog({
  open,
  onOpenChange,
  initial,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  initial: InvoiceDraft;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={T.newTitle} description={T.newDescription} size="lg">
      {open && <InvoiceCreator initial={initial} onCreated={() => onOpenChange(false)} />}
    </Dialog>
  );
}

function InvoiceEditor({ invoice, onSaved }: { invoice: Invoice; onSaved(): void }) {
  const update = useUpdateInvoice();
  const form = useInvoiceForm(draftOf(invoice), ['counterparty', 'reference', 'amount', 'dueDate']);
  const submit = () => {
    if (!form.check()) return;
    const patch = invoicePatch(invoice, form.draft);
    if (Object.keys(patch).length === 0) return form.setFormError(T.nothingChanged);
    update.mutate({ id: invoice.id, patch }, { onSuccess: onSaved, onError: form.failed });
  };
  return (
    <InvoiceForm
      form={form}
      fixed
      intro={
        <p className="mb-4 text-sm text-muted">
          {T.fixedFacts(DIRECTION_TEXTS[invoice.direction], invoice.currency, formatDay(invoice.issueDate))}
        </p>
      }
      action={{ label: T.save, busy: T.saving, pending: update.isPending, submit }}
    />
  );
}

/** Edit an invoice: what can change once it is booked (not its direction, currency or issue date). */
export function EditInvoiceDialog({ invoice, onClose }: { invoice: Invoice | null; onClose(): void }) {
  return (
    <Dialog
      open={invoice !== null}
      onOpenChange={(open) => !open && onClose()}
      title={invoice ? T.editTitle(invoice.reference) : ''}
      size="lg"
    >
      {invoice && <InvoiceEditor key={invoice.id} invoice={invoice} onSaved={onClose} />}
    </Dialog>
  );
}
