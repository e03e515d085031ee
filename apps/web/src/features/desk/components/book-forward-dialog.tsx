import { useState } from 'react';
import {
  CURRENCY_CODES,
  CURRENCY_MINOR_UNITS,
  FORWARD_SIDES,
  type CurrencyCode,
  type ForwardInput,
  type ForwardSide,
  type Invoice,
} from '@tp/shared';
import { fieldErrors } from '@/lib/form-errors';
import { newId } from '@/lib/new-id';
import { useNotifications } from '@/lib/notifications';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { Dialog } from '@/ui/dialog';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { NativeSelect } from '@/ui/native-select';
import { useBookForward } from '../api/book-forward';
import { useInvoices } from '../api/get-invoices';
import { useRate } from '../api/get-rate';
import { currencyOption } from '../currency-names';
import { bookingRefusal, FORWARD_FIELD_LABELS, wordForwardField, type ForwardField } from '../booking-refusal';
import { addDays, formatAmount, subtractAmounts, sumAmounts } from '../format';
import { plainAmount } from '../invoice-draft';
import { DESK_TEXTS, DIRECTION_PLURAL, SIDE_DESCRIPTIONS, SIDE_HINTS } from '../texts';
import { DialogActions } from './dialog-actions';
import { SubmitForm } from './submit-form';
import { RateQuote } from './rate-quote';

const T = DESK_TEXTS.bookForward;
const word = wordForwardField;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

const availableOf = (invoice: Invoice) => subtractAmounts(invoice.openAmount, invoice.hedgedAmount, invoice.currency);

/** The open invoices a forward of this currency and side may cover, each with what is not yet hedged. */
/** The open invoices of this currency and side with something not yet hedged (every one of a forward's allocations). */
function useAllocatable(currency: CurrencyCode, side: ForwardSide) {
  const direction = side === 'sell' ? 'receivable' : 'payable';
  const invoices = useInvoices({ currency, direction, page: 1, limit: 200 });
  const open = invoices.data?.invoices.filter(
    (i) => (i.status === 'open' || i.status === 'partly_paid') && Number(availableOf(i)) > 0,
  );
  return { direction, open } as const;
}

function AllocationPicker({
  currency,
  side,
  chosen,
  onChange,
}: {
  currency: CurrencyCode;
  side: ForwardSide;
  chosen: Record<string, string>;
  onChange(chosen: Record<string, string>): void;
}) {
  const { direction, open } = useAllocatable(currency, side);
  if (!open) return null;
  if (open.length === 0)
    return <p className="text-sm text-muted">{T.noInvoices(currency, DIRECTION_PLURAL[direction])}</p>;
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{T.allocate}</legend>
      {open.map((invoice) => {
        const picked = invoice.id in chosen;
        return (
          <div key={invoice.id} className="grid grid-cols-1 items-center gap-2 sm:grid-cols-[1fr_10rem]">
            <Checkbox
              checked={picked}
              label={
                <span>
                  {invoice.reference} · {invoice.counterparty}{' '}
                  <span className="text-xs text-muted">
                    ({T.available(formatAmount(availableOf(invoice), currency))})
                  </span>
                </span>
              }
              onCheckedChange={(checked) => {
                const next = { ...chosen };
                if (checked) next[invoice.id] = availableOf(invoice);
                else delete next[invoice.id];
                onChange(next);
              }}
            />
            {picked && (
              <Input
                aria-label={T.allocationLabel(invoice.reference)}
                value={chosen[invoice.id]}
                inputMode="decimal"
                onChange={(e) => onChange({ ...chosen, [invoice.id]: e.target.value })}
              />
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

/** The booking as the API takes it: amounts as typed, without grouping commas; one allocation per chosen invoice. */
function forwardInput(
  forward: { currency: CurrencyCode; side: ForwardSide; amount: string; maturityDate: string },
  allocations: Record<string, string>,
): ForwardInput {
  return {
    ...forward,
    amount: plainAmount(forward.amount),
    allocations: Object.entries(allocations).map(([invoiceId, value]) => ({ invoiceId, amount: plainAmount(value) })),
  };
}

function BookForwardForm({ home, today, onBooked }: { home: CurrencyCode; today: string; onBooked(): void }) {
  const book = useBookForward();
  const notifications = useNotifications();
  // one key for this booking, whatever the retries: the server books it once
  const [idempotencyKey] = useState(newId);
  const foreign = CURRENCY_CODES.filter((code) => code !== home);
  const [currency, setCurrency] = useState<CurrencyCode>(foreign.includes('EUR') ? 'EUR' : foreign[0]!);
  const [side, setSide] = useState<ForwardSide>('sell');
  const [amount, setAmount] = useState('');
  const [maturity, setMaturity] = useState(addDays(today, 90));
  const [allocations, setAllocations] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Partial<Record<ForwardField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const quote = useRate(currency, ISO_DATE.test(maturity) ? maturity : null);
  const allocatable = useAllocatable(currency, side);

  const allocate = (next: Record<string, string>) => {
    const places = CURRENCY_MINOR_UNITS[currency];
    const before = sumAmounts(Object.values(allocations).map(plainAmount), places);
    // the amount follows the allocations until the user types one of their own
    if (amount === '' || Number(plainAmount(amount)) === Number(before)) {
      const total = sumAmounts(Object.values(next).map(plainAmount), places);
      setAmount(Number(total) > 0 ? total : '');
    }
    setAllocations(next);
  };
  const submit = () => {
    setErrors({});
    setFormError(null);
    book.mutate(
      { idempotencyKey, forward: forwardInput({ currency, side, amount, maturityDate: maturity }, allocations) },
      {
        onSuccess: () => {
          notifications.success(T.booked);
          onBooked();
        },
        onError: (error) => {
          const fields = fieldErrors(error, Object.keys(FORWARD_FIELD_LABELS) as ForwardField[], word);
          setErrors(fields);
          // an allocation's refusal names its invoice
          const references = Object.keys(allocations).map(
            (id) => allocatable.open?.find((invoice) => invoice.id === id)?.reference ?? '',
          );
          if (Object.keys(fields).length === 0) setFormError(bookingRefusal(error, references, T.failed));
        },
      },
    );
  };
  // a maturity the desk cannot book (too soon, too late) is said at the date as the quote comes back
  const quoteError = quote.isError
    ? (fieldErrors(quote.error, ['maturity'], (_field, message) => word('maturityDate', message)).maturity ??
      T.quoteFailed)
    : null;
  return (
    <SubmitForm onSubmit={submit} errors={errors} className="flex flex-col gap-4">
      {formError && <Alert variant="error">{formError}</Alert>}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <FormField name="currency" label={T.currency} error={errors.currency} isRequired>
          <NativeSelect
            value={currency}
            onChange={(value) => {
              setCurrency(value as CurrencyCode);
              setAllocations({});
            }}
            options={foreign.map(currencyOption)}
          />
        </FormField>
        <FormField
          name="side"
          label={T.side}
          error={errors.side}
          description={SIDE_DESCRIPTIONS[side](currency)}
          isRequired
        >
          <NativeSelect
            value={side}
            onChange={(value) => {
              setSide(value as ForwardSide);
              setAllocations({});
            }}
            options={FORWARD_SIDES.map((s) => ({ value: s, label: SIDE_HINTS[s] }))}
          />
        </FormField>
        <FormField name="amount" label={`${T.amount} (${currency})`} error={errors.amount} isRequired>
          <Input value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" autoComplete="off" />
        </FormField>
        <FormField name="maturityDate" label={T.maturity} error={errors.maturityDate ?? quoteError} isRequired>
          <Input type="date" value={maturity} min={addDays(today, 2)} onChange={(e) => setMaturity(e.target.value)} />
        </FormField>
      </div>
      <RateQuote quote={quote} amount={plainAmount(amount)} home={home} />
      <AllocationPicker currency={currency} side={side} chosen={allocations} onChange={allocate} />
      <DialogActions>
        <Button type="submit" loading={book.isPending} loadingText={T.submitting}>
          {T.submit}
        </Button>
      </DialogActions>
    </SubmitForm>
  );
}

/** "Book a forward": currency, side, amount and maturity with a live quote, allocated to open invoices. */
export function BookForwardDialog({
  open,
  onOpenChange,
  home,
  today,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  home: CurrencyCode;
  today: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={T.title} description={T.description} size="lg">
      {open && <BookForwardForm home={home} today={today} onBooked={() => onOpenChange(false)} />}
    </Dialog>
  );
}
