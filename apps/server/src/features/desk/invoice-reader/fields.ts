import { CURRENCY_MINOR_UNITS, DESK_LIMITS, type CurrencyCode } from '@tp/shared';
import type { CalendarDay } from '../calendar-dates';
import {
  currencyMarkersIn,
  resolveSign,
  signContextOf,
  surestMarker,
  type CurrencyMarker,
  type SignContext,
} from './currencies';
import { datesIn, dueDateByTerms, paymentTermsOf, withoutDates, type DocumentDayOrder, type FoundDate } from './dates';
import { labelledValues, type LabelKind, type Line, type Located } from './labels';
import { cut, FAINT, GUESS, LIKELY, nothing, proposal, stripPunctuation, SURE, type Proposal } from './lines';
import { amountsIn, type DecimalMark, type ParsedAmount } from './numbers';

/**
 * The fields of an invoice read from its labelled lines, each with its own rule of confidence
 * (docs/desk.md#9-capture-from-an-uploaded-invoice).
 */

const kinds = (...list: LabelKind[]): ReadonlySet<LabelKind> => new Set(list);

// ---------------------------------------------------------------------------------------------
// reference

/** A run of letters, digits and "/ _ . -" with at least one digit: "INV-2026-0142", "GJ/2026-27/0142". */
const REFERENCE = /[\p{L}\p{N}][\p{L}\p{N}/_.-]{0,59}/gu;

function referencesIn(text: string, order: DocumentDayOrder['order']): Located<string>[] {
  const references: Located<string>[] = [];
  for (const match of withoutDates(text, order).matchAll(REFERENCE)) {
    const value = stripPunctuation(match[0]).replace(/\.$/, '');
    if (/\d/.test(value)) references.push({ value, start: match.index, end: match.index + match[0].length });
  }
  return references;
}

export function referenceOf(lines: Line[], order: DocumentDayOrder): Proposal<string> {
  const found = labelledValues(lines, {
    kinds: kinds('reference'),
    columnKinds: kinds('reference', 'other'),
    read: (text) => referencesIn(text, order.order),
    pick: 'first',
  });
  const best = found.find((candidate) => candidate.strength === SURE) ?? found[0];
  return best ? proposal(cut(best.value, DESK_LIMITS.referenceMax), best.strength, best.source) : nothing();
}

// ---------------------------------------------------------------------------------------------
// dates

function dateConfidence(date: FoundDate, order: DocumentDayOrder, labelStrength: number): number {
  const written = date.ambiguous ? (order.decided ? LIKELY : GUESS) : SURE;
  return Math.min(written, labelStrength);
}

function labelledDate(lines: Line[], kind: LabelKind, order: DocumentDayOrder): Proposal<CalendarDay> {
  const [first] = labelledValues(lines, {
    kinds: kinds(kind),
    columnKinds: kinds('issue', 'due', 'otherDate'),
    read: (text) => datesIn(text, order.order),
    pick: 'first',
  });
  if (!first) return nothing();
  return proposal(first.value.day, dateConfidence(first.value, order, first.strength), first.source);
}

/** The first date of a line with no label of another date: an unlabelled issue date is usually the document's first. */
function firstUnlabelledDate(lines: Line[], order: DocumentDayOrder): Proposal<CalendarDay> {
  const dated = kinds('due', 'otherDate', 'terms');
  for (const line of lines) {
    if (line.hits.some((hit) => dated.has(hit.kind))) continue;
    const [date] = datesIn(line.text, order.order);
    if (date) return proposal(date.value.day, Math.min(GUESS, dateConfidence(date.value, order, SURE)), line.text);
  }
  return nothing();
}

export interface InvoiceDates {
  issueDate: Proposal<CalendarDay>;
  dueDate: Proposal<CalendarDay>;
}

export function datesOf(lines: Line[], order: DocumentDayOrder): InvoiceDates {
  const labelledIssue = labelledDate(lines, 'issue', order);
  const issueDate = labelledIssue.value ? labelledIssue : firstUnlabelledDate(lines, order);
  const explicitDue = labelledDate(lines, 'due', order);
  if (explicitDue.value) {
    // a due date before the issue date is a misreading of one of them
    const early = issueDate.value !== null && explicitDue.value < issueDate.value;
    return {
      issueDate,
      dueDate: early ? { ...explicitDue, confidence: Math.min(explicitDue.confidence, FAINT) } : explicitDue,
    };
  }
  const terms = paymentTermsOf(lines, order.order);
  if (!terms || !issueDate.value) return { issueDate, dueDate: nothing() };
  const termsConfidence = terms.otherBasis ? FAINT : LIKELY;
  return {
    issueDate,
    dueDate: proposal(
      dueDateByTerms(issueDate.value, terms),
      Math.min(issueDate.confidence, termsConfidence),
      terms.source,
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// total amount and currency

export interface Money {
  amount: Proposal<string>;
  currency: Proposal<CurrencyCode>;
}

interface Total {
  amount: ParsedAmount;
  confidence: number;
  /** Where its currency is written: the total's own words first, then its line. */
  near: string[];
  source: string;
}

const compareAmounts = (a: string, b: string) => {
  const [ai, af = ''] = a.split('.');
  const [bi, bf = ''] = b.split('.');
  if (ai!.length !== bi!.length) return ai!.length - bi!.length;
  if (ai !== bi) return ai! < bi! ? -1 : 1;
  const width = Math.max(af.length, bf.length);
  return af.padEnd(width, '0') < bf.padEnd(width, '0') ? -1 : af.padEnd(width, '0') > bf.padEnd(width, '0') ? 1 : 0;
};

/** The largest amount written after a total's label ("Total", "Amount due", "Gesamtbetrag", …): line items never are. */
function labelledTotal(lines: Line[], mark: DecimalMark | null, order: DocumentDayOrder): Total | null {
  const found = labelledValues(lines, {
    kinds: kinds('total'),
    columnKinds: kinds('total', 'subtotal'),
    read: (text) => amountsIn(withoutDates(text, order.order), mark),
    pick: 'last',
  });
  let best: Total | null = null;
  for (const candidate of found) {
    if (best && compareAmounts(candidate.value.value, best.amount.value) <= 0) continue;
    const confidence = candidate.value.ambiguous ? LIKELY : candidate.strength;
    best = {
      amount: candidate.value,
      confidence,
      near: [candidate.segment, lines[candidate.lineIndex]!.text],
      source: candidate.source,
    };
  }
  return best;
}

/** Without a labelled total: the largest amount written beside a currency. */
function largestPricedAmount(lines: Line[], mark: DecimalMark | null, order: DocumentDayOrder): Total | null {
  let best: Total | null = null;
  for (const line of lines) {
    if (currencyMarkersIn(line.text).length === 0) continue;
    for (const found of amountsIn(withoutDates(line.text, order.order), mark)) {
      if (best && compareAmounts(found.value.value, best.amount.value) <= 0) continue;
      best = { amount: found.value, confidence: FAINT, near: [line.text], source: line.text };
    }
  }
  return best;
}

function currencyProposal(marker: CurrencyMarker, source: string, confidence: number): Proposal<CurrencyCode> {
  // a currency the desk does not carry: no value, and the words that name it
  if (marker.code === null) return { value: null, confidence: 0, source: cut(source, 200) };
  return proposal(marker.code, confidence, source);
}

/** The currency written by the total, else after "Currency", else the document's most frequent (less sure). */
function currencyOf(lines: Line[], total: Total | null, context: SignContext): Proposal<CurrencyCode> {
  for (const text of total?.near ?? []) {
    const marker = surestMarker(text, context);
    if (marker) return currencyProposal(marker.value, total!.source, marker.value.confidence);
  }
  const [labelled] = labelledValues(lines, {
    kinds: kinds('currency'),
    columnKinds: kinds('currency'),
    read: (text) => {
      const marker = surestMarker(text, context);
      return marker ? [marker] : [];
    },
    pick: 'first',
  });
  if (labelled) return currencyProposal(labelled.value, labelled.source, labelled.value.confidence);
  const counts = new Map<CurrencyCode | null, { count: number; marker: CurrencyMarker; line: string }>();
  for (const line of lines) {
    for (const found of currencyMarkersIn(line.text)) {
      const marker = resolveSign(found.value, context);
      const entry = counts.get(marker.code) ?? { count: 0, marker, line: line.text };
      counts.set(marker.code, { ...entry, count: entry.count + 1 });
    }
  }
  const [common] = [...counts.values()].sort((a, b) => b.count - a.count);
  return common ? currencyProposal(common.marker, common.line, common.marker.confidence * LIKELY) : nothing();
}

/** The amount written to the currency's minor units when only zeros differ ("97450" EUR → "97450.00"). */
function inMinorUnits(value: string, currency: CurrencyCode | null): { value: string; fits: boolean } {
  if (!currency) return { value, fits: true };
  const places = CURRENCY_MINOR_UNITS[currency];
  const [integer, decimals = ''] = value.split('.');
  if (decimals.length > places && /[1-9]/.test(decimals.slice(places))) return { value, fits: false };
  const kept = decimals.slice(0, places).padEnd(places, '0');
  return { value: kept ? `${integer}.${kept}` : integer!, fits: true };
}

export function moneyOf(lines: Line[], mark: DecimalMark | null, order: DocumentDayOrder): Money {
  const context = signContextOf(lines.flatMap((line) => currencyMarkersIn(line.text).map((found) => found.value)));
  const total = labelledTotal(lines, mark, order) ?? largestPricedAmount(lines, mark, order);
  const currency = currencyOf(lines, total, context);
  if (!total) return { amount: nothing(), currency };
  const written = inMinorUnits(total.amount.value, currency.value);
  // more decimals than the currency has: the amount or the currency is misread
  const confidence = written.fits ? total.confidence : Math.min(total.confidence, GUESS);
  return { amount: proposal(written.value, confidence, total.source), currency };
}
