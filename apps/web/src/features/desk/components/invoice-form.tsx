import type { ReactNode } from 'react';
import {
  CURRENCY_CODES,
  DESK_LIMITS,
  INCOTERMS,
  INVOICE_DIRECTIONS,
  type CurrencyCode,
  type Incoterm,
  type InvoiceDirection,
} from '@tp/shared';
import { FormField } from '@/ui/form-field';
import { Input, Textarea } from '@/ui/input';
import { NativeSelect } from '@/ui/native-select';
import { currencyOption } from '../currency-names';
import { DESK_TEXTS, DIRECTION_TEXTS, INVOICE_FIELD_LABELS } from '../texts';

const T = DESK_TEXTS.invoiceForm;

/** The invoice form's fields as typed (every value a string until it is sent). */
export interface InvoiceDraft {
  counterparty: string;
  reference: string;
  direction: InvoiceDirection;
  currency: CurrencyCode | '';
  amount: string;
  issueDate: string;
  dueDate: string;
  incoterm: Incoterm | '';
  goods: string;
  notes: string;
  fileId: string | null;
}

export type InvoiceField = keyof typeof INVOICE_FIELD_LABELS;
export const INVOICE_FIELDS = Object.keys(INVOICE_FIELD_LABELS) as InvoiceField[];

export const emptyDraft = (today: string): InvoiceDraft => ({
  counterparty: '',
  reference: '',
  direction: 'receivable',
  currency: '',
  amount: '',
  issueDate: today,
  dueDate: '',
  incoterm: '',
  goods: '',
  notes: '',
  fileId: null,
});

/** What the capture read for a field, shown under it for the user to check. */
export type FieldHints = Partial<Record<InvoiceField, ReactNode>>;

/**
 * The fields of an invoice. `fixed` leaves out what cannot change once an invoice is booked
 * (direction, currency, issue date: the booked rate depends on them).
 */
export function InvoiceFields({
  draft,
  onChange,
  errors,
  hints = {},
  fixed = false,
}: {
  draft: InvoiceDraft;
  onChange(draft: InvoiceDraft): void;
  errors: Partial<Record<InvoiceField, string>>;
  hints?: FieldHints;
  fixed?: boolean;
}) {
  const set =
    <K extends keyof InvoiceDraft>(key: K) =>
    (value: InvoiceDraft[K]) =>
      onChange({ ...draft, [key]: value });
  const text = (key: 'counterparty' | 'reference' | 'amount' | 'goods') => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) => set(key)(event.target.value),
  });
  const field = (name: InvoiceField, control: ReactNode, required = false, className?: string) => (
    <FormField
      name={name}
      label={INVOICE_FIELD_LABELS[name]}
      error={errors[name]}
      description={hints[name]}
      isRequired={required}
      className={className}
    >
      {control}
    </FormField>
  );
  return (
    <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
      {!fixed &&
        field(
          'direction',
          <NativeSelect
            value={draft.direction}
            onChange={(value) => set('direction')(value as InvoiceDirection)}
            options={INVOICE_DIRECTIONS.map((d) => ({ value: d, label: DIRECTION_TEXTS[d] }))}
          />,
          true,
        )}
      {field('counterparty', <Input {...text('counterparty')} maxLength={DESK_LIMITS.counterpartyMax} />, true)}
      {field('reference', <Input {...text('reference')} maxLength={DESK_LIMITS.referenceMax} />, true)}
      {!fixed &&
        field(
          'currency',
          <NativeSelect
            value={draft.currency}
            onChange={(value) => set('currency')(value as CurrencyCode)}
            options={[{ value: '', label: 'Choose…' }, ...CURRENCY_CODES.map(currencyOption)]}
          />,
          true,
        )}
      {field(
        'amount',
        <Input {...text('amount')} inputMode="decimal" autoComplete="off" placeholder="97450.00" />,
        true,
      )}
      {!fixed &&
        field(
          'issueDate',
          <Input type="date" value={draft.issueDate} onChange={(e) => set('issueDate')(e.target.value)} />,
          true,
        )}
      {field(
        'dueDate',
        <Input type="date" value={draft.dueDate} onChange={(e) => set('dueDate')(e.target.value)} />,
        true,
      )}
      {field(
        'incoterm',
        <NativeSelect
          value={draft.incoterm}
          onChange={(value) => set('incoterm')(value as Incoterm | '')}
          options={[{ value: '', label: T.noIncoterm }, ...INCOTERMS.map((rule) => ({ value: rule, label: rule }))]}
        />,
      )}
      {field('goods', <Input {...text('goods')} maxLength={DESK_LIMITS.goodsMax} />, false, 'sm:col-span-2')}
      {field(
        'notes',
        <Textarea
          value={draft.notes}
          rows={2}
          maxLength={DESK_LIMITS.notesMax}
          onChange={(e) => set('notes')(e.target.value)}
        />,
        false,
        'sm:col-span-2',
      )}
    </div>
  );
}
