import { addDays, type CalendarDay } from '../calendar-dates';
import type { Line, Located } from './labels';

/**
 * Dates as invoices write them: 2026-11-20, 2026/11/20, 20/11/2026, 20.11.2026, 11/20/2026,
 * 20 Nov 2026, 20. November 2026, 20 de novembro de 2026, November 20, 2026, 20-Nov-26,
 * 2026年11月20日; and payment terms ("Net 60", "payable within 60 days", "30 days end of month").
 */

export interface FoundDate {
  day: CalendarDay;
  /** Written as numbers whose day and month could be swapped (05/06/2026). */
  ambiguous: boolean;
}

export type DayOrder = 'dmy' | 'mdy';
export interface DocumentDayOrder {
  order: DayOrder;
  /** Some date of the document shows its order (a day over 12, or dots, which only day-first writes). */
  decided: boolean;
}

const MONTH_NAMES: [number, string][] = [
  [1, 'jan january januar janvier janv janeiro enero ene'],
  [2, 'feb february februar février fevrier févr fevr fev fevereiro febrero'],
  [3, 'mar march märz marz mär mrz mars março marco marzo'],
  [4, 'apr april avril avr abril abr'],
  [5, 'may mai maio mayo'],
  [6, 'jun june juni juin junho junio'],
  [7, 'jul july juli juillet juil julho julio'],
  [8, 'aug august août aout agosto ago'],
  [9, 'sep sept september septembre setembro set septiembre'],
  [10, 'oct october okt oktober octobre outubro out octubre'],
  [11, 'nov november novembre novembro noviembre'],
  [12, 'dec december dez dezember décembre decembre déc dezembro dic diciembre'],
];
const MONTHS = new Map(MONTH_NAMES.flatMap(([month, names]) => names.split(' ').map((name) => [name, month] as const)));

const YEAR_FIRST = /(?<![\p{N}./-])(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?!\p{N})/gu;
const JAPANESE = /(\d{4}) ?年 ?(\d{1,2}) ?月 ?(\d{1,2}) ?日/gu;
const NUMERIC = /(?<![\p{N}./-])(\d{1,2})([-/.])(\d{1,2})\2(\d{4}|\d{2})(?![\p{N}]|[./-]\d)/gu;
const DAY_MONTH_NAME =
  /(?<![\p{L}\p{N}])(\d{1,2})(?:st|nd|rd|th|er|º|\.)?(?: de)?[ .-]{0,2}(\p{L}{3,10})\.?(?: de)?[ ,.-]{1,3}(\d{4}|\d{2})(?!\p{N})/giu;
const MONTH_NAME_DAY = /(?<![\p{L}])(\p{L}{3,10})\.? (\d{1,2})(?:st|nd|rd|th)?,? (\d{4})(?!\p{N})/giu;

function yearOf(written: string): number {
  const year = Number(written);
  return written.length === 2 ? 2000 + year : year;
}

/** The calendar day, or null when it is none (31 June) or outside 1990–2099. */
function calendarDay(year: number, month: number, day: number): CalendarDay | null {
  if (year < 1990 || year > 2099 || month < 1 || month > 12 || day < 1) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return date.toISOString().slice(0, 10);
}

const monthNamed = (word: string) => MONTHS.get(word.toLowerCase()) ?? null;

type Reader = (match: RegExpMatchArray, order: DayOrder) => FoundDate | null;

const READERS: [RegExp, Reader][] = [
  [YEAR_FIRST, (m) => found(calendarDay(Number(m[1]), Number(m[3]), Number(m[4])))],
  [JAPANESE, (m) => found(calendarDay(Number(m[1]), Number(m[2]), Number(m[3])))],
  [
    NUMERIC,
    (m, order) => {
      const [first, second] = [Number(m[1]), Number(m[3])];
      const dayFirst = m[2] === '.' || first > 12 || (order === 'dmy' && second <= 12);
      const day = dayFirst ? first : second;
      const month = dayFirst ? second : first;
      const ambiguous = m[2] !== '.' && first <= 12 && second <= 12 && first !== second;
      return found(calendarDay(yearOf(m[4]!), month, day), ambiguous);
    },
  ],
  [DAY_MONTH_NAME, (m) => found(calendarDay(yearOf(m[3]!), monthNamed(m[2]!) ?? 0, Number(m[1])))],
  [MONTH_NAME_DAY, (m) => found(calendarDay(Number(m[3]), monthNamed(m[1]!) ?? 0, Number(m[2])))],
];

const found = (day: CalendarDay | null, ambiguous = false): FoundDate | null => (day ? { day, ambiguous } : null);

/** The dates of a piece of text, in order; where two readings overlap the one starting first is kept. */
export function datesIn(text: string, order: DayOrder): Located<FoundDate>[] {
  const all: Located<FoundDate>[] = [];
  for (const [pattern, read] of READERS) {
    for (const match of text.matchAll(pattern)) {
      const date = read(match, order);
      if (date) all.push({ value: date, start: match.index, end: match.index + match[0].length });
    }
  }
  all.sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: Located<FoundDate>[] = [];
  for (const date of all) if (!kept.length || date.start >= kept[kept.length - 1]!.end) kept.push(date);
  return kept;
}

/** The text with its dates blanked out, so their digits are not read as amounts, days or numbers. */
export function withoutDates(text: string, order: DayOrder): string {
  let out = '';
  let from = 0;
  for (const date of datesIn(text, order)) {
    out += text.slice(from, date.start) + ' '.repeat(date.end - date.start);
    from = date.end;
  }
  return out + text.slice(from);
}

/** Day first unless the document's numeric dates show month first (11/20/2026) and none shows day first. */
export function dayOrderOf(lines: string[]): DocumentDayOrder {
  let dayFirst = 0;
  let monthFirst = 0;
  for (const line of lines) {
    for (const match of line.matchAll(NUMERIC)) {
      const [first, second] = [Number(match[1]), Number(match[3])];
      if (match[2] === '.' || (first > 12 && second <= 12)) dayFirst += 1;
      else if (second > 12 && first <= 12) monthFirst += 1;
    }
  }
  if (monthFirst > 0 && dayFirst === 0) return { order: 'mdy', decided: true };
  return { order: 'dmy', decided: dayFirst > 0 && monthFirst === 0 };
}

// ---------------------------------------------------------------------------------------------
// payment terms

/**
 * Where "end of month" terms put the month's end (docs/desk.md#9-capture-from-an-uploaded-invoice):
 * "60 jours fin de mois" adds the days, then goes to that month's last day ('afterDays'); "Net 30
 * EOM", "30 days end of month" and "30 Tage nach Monatsende" count the days from the last day of
 * the issue month ('beforeDays').
 */
export type MonthEnd = 'afterDays' | 'beforeDays';

export interface PaymentTerms {
  days: number;
  endOfMonth: MonthEnd | null;
  /** Counted from something other than the invoice (the bill of lading, sight, delivery). */
  otherBasis: boolean;
  source: string;
}

const PAYMENT_WORDS =
  /pay|terms|net|due|credit|zahl|f[äa]llig|paiement|payer|r[èe]glement|[ée]ch[ée]ance|pagamento|pagar|prazo|vencimento|pago|plazo|支払/iu;
const NET_DAYS = /(?<!\p{L})net(?:t|to)?[ .:-]{0,2}(\d{1,3})(?!\p{N}|[.,'’ ]\d)/iu;
const DAYS = /(?<![\p{N}.,])(\d{1,3}) ?(?:days?|tage?n?|jours?|dias?|días|日以内)(?!\p{L})/iu;
const END_OF_MONTH =
  /end of (?:the )?month|(?<!\p{L})e\.?o\.?m(?!\p{L})|fin de mois|monatsende|fim do m[eê]s|fin de mes|月末/iu;
/** English end-of-month terms always count from the month's end. */
const ENGLISH_END_OF_MONTH = /^(?:end|e)/iu;
/** "… days after/from the end of the month": between the days and the month's end. */
const COUNTED_FROM =
  /(?<!\p{L})(?:after|following|from|nach|ab|apr[èe]s|[àa] compter de|depois d[aoe]|despu[ée]s de|a partir de)(?!\p{L})/iu;

/** Whether and how the terms written in `text` (their days at `days`) go to a month's end. */
function monthEndOf(text: string, days: { start: number; end: number }): MonthEnd | null {
  const found = END_OF_MONTH.exec(text);
  if (!found) return null;
  const between = text.slice(days.end, found.index);
  const countedFrom = found.index < days.start || COUNTED_FROM.test(between) || ENGLISH_END_OF_MONTH.test(found[0]);
  return countedFrom ? 'beforeDays' : 'afterDays';
}
const OTHER_BASIS =
  /(?<!\p{L})b\/?l(?!\p{L})|bill of lading|sight|delivery|shipment|arrival|receipt of goods|lieferung|wareneingang|livraison|embarque|entrega|conhecimento/iu;
const IMMEDIATE =
  /(?:due|payable|payment) (?:on|upon) receipt|on receipt|immediately|immediate payment|sofort|[àa] r[ée]ception|[àa] vista|al contado/iu;

function termsOf(line: Line, order: DayOrder): PaymentTerms | null {
  const labelled = line.hits.some((hit) => hit.kind === 'terms');
  if (!labelled && !PAYMENT_WORDS.test(line.text)) return null;
  const text = withoutDates(line.text, order);
  const written = NET_DAYS.exec(text) ?? DAYS.exec(text);
  const days = written ? Number(written[1]) : IMMEDIATE.test(text) ? 0 : null;
  if (days === null || days > 365) return null;
  const at = written ? { start: written.index, end: written.index + written[0].length } : { start: 0, end: 0 };
  const endOfMonth = monthEndOf(text, at);
  return { days, endOfMonth, otherBasis: OTHER_BASIS.test(text), source: line.text };
}

/** The document's payment terms: from a line labelled so ("Payment terms"), else any line about paying. */
export function paymentTermsOf(lines: Line[], order: DayOrder): PaymentTerms | null {
  const labelled = lines.filter((line) => line.hits.some((hit) => hit.kind === 'terms'));
  for (const line of [...labelled, ...lines]) {
    const terms = termsOf(line, order);
    if (terms) return terms;
  }
  return null;
}

function lastDayOfMonth(day: CalendarDay): CalendarDay {
  const [year, month] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);
}

/**
 * The issue date plus the terms' days; with "end of month", that month's last day after the days,
 * or the days after the issue month's last day (docs/desk.md#9-capture-from-an-uploaded-invoice).
 */
export function dueDateByTerms(issueDate: CalendarDay, terms: PaymentTerms): CalendarDay {
  if (terms.endOfMonth === 'beforeDays') return addDays(lastDayOfMonth(issueDate), terms.days);
  const due = addDays(issueDate, terms.days);
  return terms.endOfMonth === 'afterDays' ? lastDayOfMonth(due) : due;
}
