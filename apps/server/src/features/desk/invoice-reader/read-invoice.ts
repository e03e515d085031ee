import type { CurrencyCode, InvoiceDirection } from '@tp/shared';
import type { CalendarDay } from '../calendar-dates';
import { dayOrderOf } from './dates';
import { datesOf, moneyOf, referenceOf } from './fields';
import { withLabels } from './labels';
import { nothing, toLines, type Proposal } from './lines';
import { decimalMarkOf } from './numbers';
import { partiesOf } from './parties';

export type { Proposal } from './lines';
export { READ_LIMIT_CHARS } from './lines';

/**
 * The invoice reader: an invoice's text in, each field of the desk's invoice form proposed with a
 * confidence from 0 to 1 and the words it was read from (docs/desk.md#9-capture-from-an-uploaded-invoice).
 * Pure, bounded (the first
 * READ_LIMIT_CHARS of the text, linear scans) and total: odd input gives empty proposals, never an error.
 */
export interface InvoiceProposals {
  reference: Proposal<string>;
  counterparty: Proposal<string>;
  currency: Proposal<CurrencyCode>;
  amount: Proposal<string>;
  issueDate: Proposal<CalendarDay>;
  dueDate: Proposal<CalendarDay>;
  direction: Proposal<InvoiceDirection>;
}

export function emptyProposals(): InvoiceProposals {
  return {
    reference: nothing(),
    counterparty: nothing(),
    currency: nothing(),
    amount: nothing(),
    issueDate: nothing(),
    dueDate: nothing(),
    direction: nothing(),
  };
}

/** Proposals for an invoice whose text is `text`; `ownCompany` (the user's company name) tells a payable. */
export function readInvoice(text: string, ownCompany = ''): InvoiceProposals {
  const plain = toLines(text);
  if (plain.length === 0) return emptyProposals();
  const lines = withLabels(plain);
  const order = dayOrderOf(plain);
  const money = moneyOf(lines, decimalMarkOf(plain), order);
  return {
    reference: referenceOf(lines, order),
    ...partiesOf(lines, ownCompany),
    ...money,
    ...datesOf(lines, order),
  };
}
