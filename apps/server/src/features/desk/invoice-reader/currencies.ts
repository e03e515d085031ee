import { CURRENCY_CODES, type CurrencyCode } from '@tp/shared';
import type { Located } from './labels';
import { GUESS, LIKELY, SURE } from './lines';

/**
 * Currency codes and symbols mapped onto the desk's currencies. A marker that names a currency the
 * desk does not carry (KES, zł, …) is still recognised, so the document's currency is not taken
 * for another: its code is null.
 */
export interface CurrencyMarker {
  code: CurrencyCode | null;
  confidence: number;
  /** "$" and "¥" alone: the document's other words may say which dollar or yen-sign currency. */
  sign?: '$' | '¥';
}

const DESK_CODES = new Set<string>(CURRENCY_CODES);
const OTHER_CODES = new Set(
  'PLN SEK NOK DKK KES NGN GHS UGX TZS ETB EGP MAD AED SAR QAR SGD HKD NZD KRW THB IDR MYR PHP PKR BDT LKR RUB CZK HUF RON ILS CLP COP PEN ARS XOF XAF TWD'.split(
    ' ',
  ),
);

const sure = (code: CurrencyCode | null): CurrencyMarker => ({ code, confidence: SURE });
const likely = (code: CurrencyCode): CurrencyMarker => ({ code, confidence: LIKELY });

/** The letters before "$": US$, C$, A$, MX$, R$; any other (NZ$, HK$, S$) is a dollar the desk does not carry. */
const DOLLAR_PREFIXES: Record<string, CurrencyMarker> = {
  US: sure('USD'),
  C: sure('CAD'),
  CA: sure('CAD'),
  A: sure('AUD'),
  AU: sure('AUD'),
  MX: sure('MXN'),
  Mex: sure('MXN'),
  MEX: sure('MXN'),
  R: sure('BRL'),
};

const SIGNS: Record<string, CurrencyMarker> = {
  $: { code: 'USD', confidence: GUESS, sign: '$' },
  '¥': { code: 'JPY', confidence: LIKELY, sign: '¥' },
  '￥': { code: 'JPY', confidence: LIKELY, sign: '¥' },
  '€': sure('EUR'),
  '£': sure('GBP'),
  '₹': sure('INR'),
  '₺': sure('TRY'),
  '₫': sure('VND'),
  元: sure('CNY'),
  人民币: sure('CNY'),
  円: sure('JPY'),
};

/** Written only right beside a number: "R 12 500,00", "Rs. 500", "1 250 TL", "Fr. 97'450.00". */
const BESIDE_A_NUMBER: Record<string, CurrencyMarker> = {
  R: likely('ZAR'),
  Rs: likely('INR'),
  TL: likely('TRY'),
  Fr: likely('CHF'),
  SFr: likely('CHF'),
  Ksh: sure(null),
  KSh: sure(null),
  kr: sure(null),
};

/**
 * A capitalised word of up to four letters with what may follow it ("US$", "CN¥", "Rs.", "EUR"),
 * or a currency sign. Scanned once; which currency it is, is looked up, not matched.
 */
const CANDIDATE = /(?<!\p{L})[A-Z][A-Za-z]{0,3}(?: ?[$¥￥]|\.)?|(?<!\p{L})kr\.?|[$¥￥€£₹₺₫元円₦₱₩฿₽₪]|人民币|zł/gu;

function besideANumber(text: string, start: number, end: number): boolean {
  const after = text.slice(end, end + 2);
  const before = text.slice(Math.max(0, start - 2), start);
  return /^ ?\d/.test(after) || /\d ?$/.test(before);
}

const OTHER_DOLLARS = new Set(['NZ', 'HK', 'S', 'SG', 'NT']);

/** "US$", "CN¥", "USD $"; a sign after an ordinary word ("Fee $") is the sign alone. */
function signAfter(letters: string, sign: string): CurrencyMarker {
  if (sign === '$' && DOLLAR_PREFIXES[letters]) return DOLLAR_PREFIXES[letters];
  if (sign === '$' && OTHER_DOLLARS.has(letters)) return sure(null);
  if (sign !== '$' && letters === 'CN') return sure('CNY');
  if (DESK_CODES.has(letters)) return sure(letters as CurrencyCode);
  if (OTHER_CODES.has(letters)) return sure(null);
  return SIGNS[sign]!;
}

function markerAt(text: string, word: string, start: number, end: number): CurrencyMarker | null {
  // E£ is the Egyptian pound
  if (word === '£' && text.charAt(start - 1) === 'E') return sure(null);
  const sign = SIGNS[word];
  if (sign) return sign;
  if (/^[₦₱₩฿₽₪]$|^zł$/.test(word)) return sure(null);
  const tail = / ?([$¥￥])$/.exec(word);
  if (tail) return signAfter(word.slice(0, tail.index), tail[1]!);
  if (/\p{L}/u.test(text.charAt(end))) return null;
  const letters = word.replace(/\.$/, '');
  if (DESK_CODES.has(letters)) return sure(letters as CurrencyCode);
  if (letters === 'RMB') return sure('CNY');
  if (OTHER_CODES.has(letters)) return sure(null);
  const beside = BESIDE_A_NUMBER[letters];
  // "Fr" is written with its dot ("Fr."); "R", "Rs", "TL", "kr" with or without
  if (!beside || (letters.endsWith('Fr') && !word.endsWith('.'))) return null;
  return besideANumber(text, start, end) ? beside : null;
}

export function currencyMarkersIn(text: string): Located<CurrencyMarker>[] {
  const markers: Located<CurrencyMarker>[] = [];
  for (const match of text.matchAll(CANDIDATE)) {
    const end = match.index + match[0].length;
    const marker = markerAt(text, match[0], match.index, end);
    if (marker) markers.push({ value: marker, start: match.index, end });
  }
  return markers;
}

/** What the whole document says about "$" and "¥": the one dollar currency it names, and whether it is Chinese. */
export interface SignContext {
  dollar: CurrencyCode | null;
  chinese: boolean;
}

export function signContextOf(markers: CurrencyMarker[]): SignContext {
  const dollars = new Set(
    markers
      .filter((marker) => marker.sign === undefined && marker.confidence === SURE)
      .map((marker) => marker.code)
      .filter((code) => code === 'USD' || code === 'CAD' || code === 'AUD' || code === 'MXN'),
  );
  return {
    dollar: dollars.size === 1 ? [...dollars][0]! : null,
    chinese: markers.some((marker) => marker.code === 'CNY' && marker.sign === undefined),
  };
}

/** "$" is the document's one named dollar currency (else USD, a guess); "¥" is CNY in a document naming the yuan. */
export function resolveSign(marker: CurrencyMarker, context: SignContext): CurrencyMarker {
  if (marker.sign === '$' && context.dollar) return { code: context.dollar, confidence: SURE };
  if (marker.sign === '¥' && context.chinese) return { code: 'CNY', confidence: LIKELY };
  return marker;
}

/** The surest marker of a piece of text, "$" and "¥" read in the document's context. */
export function surestMarker(text: string, context: SignContext): Located<CurrencyMarker> | null {
  let best: Located<CurrencyMarker> | null = null;
  for (const found of currencyMarkersIn(text)) {
    const marker = { ...found, value: resolveSign(found.value, context) };
    if (!best || marker.value.confidence > best.value.confidence) best = marker;
  }
  return best;
}
