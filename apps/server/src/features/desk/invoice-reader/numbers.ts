import type { Located } from './labels';

/**
 * Amounts as invoices write them: 97,450.00 / 97.450,00 / 97 450,00 / 97'450.00 / 97450 and the
 * Indian lakh grouping 9,74,500.00. Read by a scanner, not a regular expression, so the work is
 * linear in the text whatever it holds.
 */

export type DecimalMark = '.' | ',';

export interface ParsedAmount {
  /** Plain decimal: digits, and a dot before the decimals as written ("97450.00"). */
  value: string;
  /** A single separator before exactly three digits ("97,450"), read as grouping without the document saying so. */
  ambiguous: boolean;
}

const GROUP_SEPARATORS = new Set(['.', ',', "'", '’', ' ']);
const MAX_TOKEN = 28;
const MAX_INTEGER_DIGITS = 15;

const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';

/** A space groups digits only before exactly three of them: "97 450,00", not "Qty 3 450.00"'s "3 450". */
function spaceGroups(text: string, at: number): boolean {
  return isDigit(text[at + 1]) && isDigit(text[at + 2]) && isDigit(text[at + 3]) && !isDigit(text[at + 4]);
}

/** Runs of digits and separators that could be one number; a token glued to a longer digit run is left out. */
export function numberTokens(text: string): Located<string>[] {
  const tokens: Located<string>[] = [];
  let index = 0;
  while (index < text.length) {
    if (!isDigit(text[index]) || isDigit(text[index - 1])) {
      index += 1;
      continue;
    }
    const start = index;
    let end = index + 1;
    for (;;) {
      const char = text[end];
      if (isDigit(char)) end += 1;
      else if (char !== undefined && GROUP_SEPARATORS.has(char) && isDigit(text[end + 1])) {
        // spaces group the whole part only: never after another separator ("100.00 200.00" is two amounts)
        const tooLong = end - start > MAX_TOKEN;
        if (char === ' ' && (tooLong || !spaceGroups(text, end) || /[^\d ]/.test(text.slice(start, end)))) break;
        end += 2;
      } else break;
    }
    // a number continued by "-" or "/" and digits is an identifier or a date, not an amount
    const glued = (text[start - 1] === '-' || text[start - 1] === '/') && isDigit(text[start - 2]);
    const continued = (text[end] === '-' || text[end] === '/') && isDigit(text[end + 1]);
    if (!glued && !continued && end - start <= MAX_TOKEN) tokens.push({ value: text.slice(start, end), start, end });
    index = end;
  }
  return tokens;
}

/** Groups of three after the first (1 to 3 digits), or the Indian lakh grouping: twos, then a last three. */
function validGrouping(groups: string[]): boolean {
  if (groups.length === 1) return groups[0]!.length > 0;
  const [first, ...rest] = groups;
  if (!first || first.length > 3) return false;
  if (rest.every((group) => group.length === 3)) return true;
  const last = rest[rest.length - 1]!;
  return first.length <= 2 && last.length === 3 && rest.slice(0, -1).every((group) => group.length === 2);
}

function separatorsOf(raw: string): { char: string; at: number }[] {
  const separators: { char: string; at: number }[] = [];
  for (let at = 0; at < raw.length; at += 1) if (!isDigit(raw[at])) separators.push({ char: raw[at]!, at });
  return separators;
}

/** Where the decimals start (the decimal mark's index), -1 for a whole number, null for no amount. */
function decimalMarkAt(raw: string, decimalHint: DecimalMark | null): { at: number; ambiguous: boolean } | null {
  const separators = separatorsOf(raw);
  const last = separators[separators.length - 1];
  if (!last || (last.char !== '.' && last.char !== ',')) return { at: -1, ambiguous: false };
  const decimals = raw.length - last.at - 1;
  const sameKind = separators.filter((separator) => separator.char === last.char).length;
  if (sameKind > 1) return decimals === 3 ? { at: -1, ambiguous: false } : null;
  if (decimals <= 2) return { at: last.at, ambiguous: false };
  if (decimals > 3) return null;
  // one "," or "." before three digits: a decimal mark if another separator groups the digits, or the document writes decimals so
  if (separators.length > 1) return { at: last.at, ambiguous: false };
  if (decimalHint === last.char) return { at: last.at, ambiguous: false };
  return { at: -1, ambiguous: decimalHint === null };
}

/** The amount a token writes, or null when it is no amount (a date, a phone number, bad grouping). */
export function parseAmount(raw: string, decimalHint: DecimalMark | null = null): ParsedAmount | null {
  const mark = decimalMarkAt(raw, decimalHint);
  if (!mark) return null;
  const integerPart = mark.at < 0 ? raw : raw.slice(0, mark.at);
  const decimals = mark.at < 0 ? '' : raw.slice(mark.at + 1);
  const groupSeparators = new Set(separatorsOf(integerPart).map((separator) => separator.char));
  if (groupSeparators.size > 1 || (mark.at >= 0 && groupSeparators.has(raw[mark.at]!))) return null;
  const groups = groupSeparators.size === 0 ? [integerPart] : integerPart.split([...groupSeparators][0]!);
  if (!validGrouping(groups)) return null;
  const integer = groups.join('').replace(/^0+(?=\d)/, '');
  if (integer.length > MAX_INTEGER_DIGITS) return null;
  return { value: decimals ? `${integer}.${decimals}` : integer, ambiguous: mark.ambiguous };
}

/**
 * How the document writes decimals, from the numbers that show it unambiguously (one separator
 * before one or two digits, or the last of two kinds): the more common mark, or null when none does.
 */
export function decimalMarkOf(lines: string[]): DecimalMark | null {
  let dots = 0;
  let commas = 0;
  for (const line of lines) {
    for (const token of numberTokens(line)) {
      const separators = separatorsOf(token.value);
      const last = separators[separators.length - 1];
      if (!last || (last.char !== '.' && last.char !== ',')) continue;
      const decimals = token.value.length - last.at - 1;
      const kinds = new Set(separators.map((separator) => separator.char));
      const shows = decimals <= 2 && (kinds.size > 1 || separators.length === 1);
      if (shows && last.char === '.') dots += 1;
      if (shows && last.char === ',') commas += 1;
    }
  }
  if (dots === commas) return null;
  return dots > commas ? '.' : ',';
}

/** A percentage, or a number glued to a word ("60days", "2026年"); a code such as "EUR" may follow directly. */
const NOT_AN_AMOUNT_AFTER = /^ ?%|^[^\P{L}A-Z]/u;

/** The amounts of a piece of text. */
export function amountsIn(text: string, decimalHint: DecimalMark | null): Located<ParsedAmount>[] {
  const amounts: Located<ParsedAmount>[] = [];
  for (const token of numberTokens(text)) {
    if (NOT_AN_AMOUNT_AFTER.test(text.slice(token.end, token.end + 2))) continue;
    const parsed = parseAmount(token.value, decimalHint);
    if (parsed) amounts.push({ value: parsed, start: token.start, end: token.end });
  }
  return amounts;
}
