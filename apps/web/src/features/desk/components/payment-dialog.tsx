import { useState } from 'react';
import type { Forward, Invoice, PaymentMethod } from '@tp/shared';
import { fieldErrors } from '@/lib/form-errors';
import { errorMessage } from '@/lib/api-client';
import { useNotifications } from '@/lib/notifications';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { NativeSelect } from '@/ui/native-select';
import { useForwards } from '../api/get-forwards';
import { useRecordPayment } from '../api/record-payment';
import { fieldWording } from '../field-wording';
import { formatAmount, formatDay, formatRate, formatSignedAmount, subtractAmounts } from '../format';
import { plainAmount } from '../invoice-draft';
import { DESK_TEXTS } from '../texts';
import { DialogActions } from './dialog-actions';
import { SubmitForm } from './submit-form';

const T = DESK_TEXTS.payment;
const LABELS = { amount: T.amount, date: T.date, forwardId: T.method, method: T.method } as const;
type PaymentField = keyof typeof LABELS;
const word = fieldWording(LABELS);
const SPOT = 'spot';

/** The part of the invoice no live forward covers: what a spot payment may take. */
const unhedgedOf = (invoice: Invoice) => subtractAmounts(invoice.openAmount, invoice.hedgedAmount, invoice.currency);

function forwardLabel(forward: Forward | undefined, allocated: string, invoice: Invoice) {
  const amount = formatAmount(allocated, invoice.currency);
  if (!forward) return T.someForward(amount);
  return T.forwardOption(formatDay(forward.maturityDate), formatRate(forward.forwardRate), amount);
}

function PaymentForm({ invoice, today, onDone }: { invoice: Invoice; today: string; onDone(): void }) {
  const record = useRecordPayment();
  const notifications = useNotifications();
  const forwards = useForwards({ status: 'live', currency: invoice.currency });
  const allocations = invoice.allocations.filter((a) => Number(a.amount) > 0);
  const unhedged = unhedgedOf(invoice);
  const [method, setMethod] = useState<string>(
    Number(unhedged) > 0 || allocations.length === 0 ? SPOT : allocations[0]!.forwardId,
  );
  const allocated = allocations.find((a) => a.forwardId === method)?.amount;
  const [amount, setAmount] = useState(Number(unhedged) > 0 ? unhedged : (allocated ?? invoice.openAmount));
  const [date, setDate] = useState(today);
  const [errors, setErrors] = useState<Partial<Record<PaymentField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);

  const choose = (value: string) => {
    setMethod(value);
    const cap = value === SPOT ? unhedged : allocations.find((a) => a.forwardId === value)?.amount;
    if (cap && Number(cap) > 0) setAmount(cap);
  };
  const submit = () => {
    setErrors({});
    setFormError(null);
    const paymentMethod: PaymentMethod = method === SPOT ? 'spot' : 'forward';
    record.mutate(
      {
        invoiceId: invoice.id,
        payment: {
          amount: plainAmount(amount),
          date,
          method: paymentMethod,
          ...(paymentMethod === 'forward' && { forwardId: method }),
        },
      },
      {
        onSuccess: ({ payment }) => {
          notifications.success(T.recorded(formatSignedAmount(payment.realisedGainLoss, payment.homeCurrency)));
          onDone();
        },
        onError: (error) => {
          const fields = fieldErrors(error, Object.keys(LABELS) as PaymentField[], word);
          setErrors(fields);
          if (Object.keys(fields).length === 0) setFormError(errorMessage(error, T.failed));
        },
      },
    );
  };
  const options = [
    { value: SPOT, label: T.atSpot },
    ...allocations.map((a) => ({
      value: a.forwardId,
      label: forwardLabel(
        forwards.data?.find((f) => f.id === a.forwardId),
        a.amount,
        invoice,
      ),
    })),
  ];
  return (
    <SubmitForm onSubmit={submit} errors={errors} className="flex flex-col gap-4">
      {formError && <Alert variant="error">{formError}</Alert>}
      <FormField
        name="method"
        label={T.method}
        error={errors.method ?? errors.forwardId}
        description={
          method === SPOT && allocations.length > 0 ? T.spotLimit(formatAmount(unhedged, invoice.currency)) : undefined
        }
      >
        <NativeSelect value={method} onChange={choose} options={options} />
      </FormField>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField name="amount" label={`${T.amount} (${invoice.currency})`} error={errors.amount} isRequired>
          <Input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" autoComplete="off" />
        </FormField>
        <FormField name="date" label={T.date} error={errors.date} isRequired>
          <Input type="date" value={date} max={today} onChange={(e) => setDate(e.target.value)} />
        </FormField>
      </div>
      <DialogActions>
        <Button type="submit" loading={record.isPending} loadingText={T.recording}>
          {T.record}
        </Button>
      </DialogActions>
    </SubmitForm>
  );
}

/** Record a payment received or made: at the spot of its date, or against a forward allocated to the invoice. */
export function PaymentDialog({
  invoice,
  today,
  onClose,
}: {
  invoice: Invoice | null;
  today: string;
  onClose(): void;
}) {
  return (
    <Dialog
      open={invoice !== null}
      onOpenChange={(open) => !open && onClose()}
      title={invoice ? T.title(invoice.reference) : ''}
      description={invoice ? T.description(formatAmount(invoice.openAmount, invoice.currency)) : undefined}
    >
      {invoice && <PaymentForm key={invoice.id} invoice={invoice} today={today} onDone={onClose} />}
    </Dialog>
  );
}
