/**
 * The invoice reader's input and output (docs/desk.md#9-capture-from-an-uploaded-invoice): the document's
 * text as trimmed lines,
 * read no further than READ_LIMIT_CHARS, and each field proposed with a confidence and the words
 * it came from.
 */

/** Only the start of a document is read: an invoice's fields are on its first pages. */
export const READ_LIMIT_CHARS = 200_000;
/** Nor more lines than a long invoice has (a 30-page one); the work per line is bounded too. */
export const READ_LIMIT_LINES = 2_000;
/** A longer line is not an invoice's line; cutting it keeps every pattern's work small. */
const LINE_LIMIT = 400;
const SOURCE_LIMIT = 200;

/** Labelled and unambiguous. */
export const SURE = 1;
/** Labelled, but read through a convention (a weaker label, the document's other dates, payment terms). */
export const LIKELY = 0.8;
/** Unlabelled, or ambiguous as written. */
export const GUESS = 0.5;
/** A last resort: the user should check it. */
export const FAINT = 0.3;

export interface Proposal<T> {
  value: T | null;
  confidence: number;
  source: string | null;
}

export const nothing = <T>(): Proposal<T> => ({ value: null, confidence: 0, source: null });

/** At most `max` UTF-16 units, never splitting a surrogate pair (an unpaired half cannot be stored or sent). */
export function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  const end = /[\uD800-\uDBFF]/.test(text.charAt(max - 1)) ? max - 1 : max;
  return text.slice(0, end);
}

export function proposal<T>(value: T, confidence: number, source: string): Proposal<T> {
  return {
    value,
    confidence: Math.round(Math.min(1, Math.max(0, confidence)) * 100) / 100,
    source: cut(source, SOURCE_LIMIT),
  };
}

/** NUL and unpaired surrogates cannot be stored or sent (the extraction leaves none; a caller's text might). */
// eslint-disable-next-line no-control-regex -- NUL is what this replaces
const UNSTORABLE = /[\u0000\p{Cs}]/gu;
/** No-break and thin spaces (French and Swiss digit grouping) become plain spaces. */
const ODD_SPACES = /[\t\u00a0\u2007\u2009\u202f\u3000]/g;
const RUNS_OF_SPACES = / {2,}/g;

/** The document's first non-empty lines, trimmed, inner spaces single, each at most LINE_LIMIT long. */
export function toLines(text: string): string[] {
  const lines: string[] = [];
  const ends = /\r\n|\r|\n|$/g;
  const head = cut(text, READ_LIMIT_CHARS).replace(UNSTORABLE, '\uFFFD');
  let from = 0;
  while (lines.length < READ_LIMIT_LINES && from <= head.length) {
    const end = ends.exec(head)!;
    const raw = head.slice(from, end.index);
    from = end.index + Math.max(1, end[0].length);
    ends.lastIndex = from;
    const line = cut(raw.replace(ODD_SPACES, ' ').replace(RUNS_OF_SPACES, ' ').trim(), LINE_LIMIT).trim();
    if (line) lines.push(line);
  }
  return lines;
}

const PUNCTUATION = new Set([...' :;.,#()[]|/\\-–—']);
const TRAILING_KEPT = new Set(['.', ')', ']']);

/** The words and digits of a value without the punctuation around it (a trailing "." or ")" is kept: "Ltd.", "(Pvt)"). */
export function stripPunctuation(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && PUNCTUATION.has(text[start]!)) start += 1;
  while (end > start && PUNCTUATION.has(text[end - 1]!) && !TRAILING_KEPT.has(text[end - 1]!)) end -= 1;
  return text.slice(start, end);
}
