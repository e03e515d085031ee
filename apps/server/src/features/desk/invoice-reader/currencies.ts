import type { CurrencyCode } from '@tp/shared';
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

const DESK_CODES = 'USD|EUR|GBP|JPY|CHF|CAD|AUD|CNY|INR|BRL|MXN|ZAR|TRY|VND';
const OTHER_CODES =
  'PLN|SEK|NOK|DKK|KES|NGN|GHS|UGX|TZS|ETB|EGP|MAD|AED|SAR|QAR|SGD|HKD|NZD|KRW|THB|IDR|MYR|PHP|PKR|BDT|LKR|RUB|CZK|HUF|RON|ILS|CLP|COP|PEN|ARS|XOF|XAF|TWD';

/** Letters are markers only when not part of a word; "R", "Rs", "TL", "Fr." and "kr" only beside a number. */
const MARKER_PATTERN = new RegExp(
  [
    `(?<code>(?<![\\p{L}])(?:${DESK_CODES}|RMB|${OTHER_CODES})(?![\\p{L}]))`,
    '(?<usd>(?<![\\p{L}])US ?\\$)',
    '(?<cad>(?<![\\p{L}])CA?\\$)',
    '(?<aud>(?<![\\p{L}])AU?\\$)',
    '(?<mxn>(?<![\\p{L}])(?:MX|Mex|MEX)\\$)',
    '(?<brl>(?<![\\p{L}])R\\$)',
    '(?<otherDollar>(?<![\\p{L}])(?:NZ|HK|S|SG|NT)\\$)',
    '(?<cny>CN ?[¥￥]|元|人民币)',
    '(?<jpy>円)',
    '(?<yen>[¥￥])',
    '(?<eur>€)',
    '(?<gbp>(?<!E)£)',
    '(?<inr>₹|(?<![\\p{L}])Rs\\.?(?= ?\\d))',
    '(?<try>₺|(?<![\\p{L}])TL(?= ?\\d)|(?<=\\d ?)TL(?![\\p{L}]))',
    '(?<vnd>₫)',
    '(?<chf>(?<![\\p{L}])S?Fr\\.(?= ?\\d)|(?<=\\d ?)S?Fr\\.)',
    '(?<zar>(?<![\\p{L}])R(?= ?\\d))',
    '(?<other>zł|₦|₱|₩|฿|₽|₪|(?<![\\p{L}])K[Ss]h(?= ?\\d)|(?<=\\d ?)kr\\.?(?![\\p{L}]))',
    '(?<dollar>\\$)',
  ].join('|'),
  'gu',
);

const FIXED: Record<string, CurrencyMarker> = {
  usd: { code: 'USD', confidence: SURE },
  cad: { code: 'CAD', confidence: SURE },
  aud: { code: 'AUD', confidence: SURE },
  mxn: { code: 'MXN', confidence: SURE },
  brl: { code: 'BRL', confidence: SURE },
  otherDollar: { code: null, confidence: SURE },
  cny: { code: 'CNY', confidence: SURE },
  jpy: { code: 'JPY', confidence: SURE },
  yen: { code: 'JPY', confidence: LIKELY, sign: '¥' },
  eur: { code: 'EUR', confidence: SURE },
  gbp: { code: 'GBP', confidence: SURE },
  try: { code: 'TRY', confidence: SURE },
  vnd: { code: 'VND', confidence: SURE },
  chf: { code: 'CHF', confidence: LIKELY },
  zar: { code: 'ZAR', confidence: LIKELY },
  other: { code: null, confidence: SURE },
  dollar: { code: 'USD', confidence: GUESS, sign: '$' },
};

function markerOf(groups: Record<string, string | undefined>): CurrencyMarker {
  const code = groups.code;
  if (code !== undefined) {
    if (code === 'RMB') return { code: 'CNY', confidence: SURE };
    return { code: DESK_CODES.split('|').includes(code) ? (code as CurrencyCode) : null, confidence: SURE };
  }
  if (groups.inr !== undefined) return { code: 'INR', confidence: groups.inr === '₹' ? SURE : LIKELY };
  if (groups.try !== undefined) return { code: 'TRY', confidence: groups.try === '₺' ? SURE : LIKELY };
  const name = Object.keys(FIXED).find((key) => groups[key] !== undefined)!;
  return FIXED[name]!;
}

export function currencyMarkersIn(text: string): Located<CurrencyMarker>[] {
  const markers: Located<CurrencyMarker>[] = [];
  for (const match of text.matchAll(MARKER_PATTERN)) {
    markers.push({ value: markerOf(match.groups ?? {}), start: match.index, end: match.index + match[0].length });
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
