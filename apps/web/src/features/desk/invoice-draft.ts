import type { Invoice, InvoiceInput, InvoicePatch } from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { fieldErrors } from '@/lib/form-errors';
import type { InvoiceDraft, InvoiceField } from './components/invoice-form';
import { INVOICE_FIELDS } from './components/invoice-form';
import { fieldWording } from './field-wording';
import { INVOICE_FIELD_LABELS } from './texts';

/** Grouped thousands as typed ("97,450.00", India's "1,00,000") lose their commas; anything else goes as typed. */
export function plainAmount(typed: string): string {
  const text = typed.trim().replace(/\s/g, '');
  return /^\d{1,3}(,\d{2,3})+(\.\d+)?$/.test(text) ? text.replace(/,/g, '') : text;
}

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());

export function invoiceInput(draft: InvoiceDraft): InvoiceInput {
  return {
    counterparty: draft.counterparty.trim(),
    reference: draft.reference.trim(),
    direction: draft.direction,
    currency: draft.currency,
    amount: plainAmount(draft.amount),
    issueDate: draft.issueDate,
    dueDate: draft.dueDate,
    incoterm: draft.incoterm || null,
    goods: orNull(draft.goods),
    notes: orNull(draft.notes),
    fileId: draft.fileId,
  };
}

export function draftOf(invoice: Invoice): InvoiceDraft {
  return {
    counterparty: invoice.counterparty,
    reference: invoice.reference,
    direction: invoice.direction,
    currency: invoice.currency,
    amount: invoice.amount,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    incoterm: invoice.incoterm ?? '',
    goods: invoice.goods ?? '',
    notes: invoice.notes ?? '',
    fileId: invoice.fileId,
  };
}

/** Only what the user changed, for PATCH (an amount typed the same, "97450" for "97450.00", is no change). */
export function invoicePatch(invoice: Invoice, draft: InvoiceDraft): InvoicePatch {
  const input = invoiceInput(draft);
  const patch: InvoicePatch = {};
  if (input.counterparty !== invoice.counterparty) patch.counterparty = input.counterparty;
  if (input.reference !== invoice.reference) patch.reference = input.reference;
  if (input.amount === '' || Number(input.amount) !== Number(invoice.amount)) patch.amount = input.amount;
  if (input.dueDate !== invoice.dueDate) patch.dueDate = input.dueDate;
  if ((input.incoterm ?? null) !== invoice.incoterm) patch.incoterm = input.incoterm ?? null;
  if ((input.goods ?? null) !== invoice.goods) patch.goods = input.goods ?? null;
  if ((input.notes ?? null) !== invoice.notes) patch.notes = input.notes ?? null;
  return patch;
}

const word = fieldWording(INVOICE_FIELD_LABELS);
const REQUIRED: InvoiceField[] = ['counterparty', 'reference', 'currency', 'amount', 'issueDate', 'dueDate'];

/** The required fields left empty, said at each field before anything is sent. */
export function missingFields(draft: InvoiceDraft, fields: readonly InvoiceField[] = REQUIRED) {
  const errors: Partial<Record<InvoiceField, string>> = {};
  for (const name of fields) {
    if (String(draft[name as keyof InvoiceDraft] ?? '').trim() === '') errors[name] = word(name, 'is required');
  }
  return errors;
}

/** A refused save: each of the server's 400 details at its field, the rest (or a 409, a lost answer) above the form. */
export function invoiceErrors(error: unknown, fallback: string) {
  const fields = fieldErrors(error, INVOICE_FIELDS, word);
  const placed = Object.keys(fields).length > 0;
  return { fields, form: placed ? null : errorMessage(error, fallback) };
}
