import { CURRENCY_MINOR_UNITS, type CurrencyCode } from '@tp/shared';
import { dateTimeFormat, FIGURES_LOCALE, numberFormat } from '@/lib/intl';

/**
 * The desk's figures (docs/desk.md#6-the-hedge-view): money with its currency code before the figure
 * ("EUR 97,450.00", JPY and VND whole), a sign on every change ("USD +460.28", "USD −1,461.75"),
 * rates with the significant digits the server gave, ratios as percentages. The server's decimal
 * strings are formatted exactly, never recomputed through a float.
 */

/** Intl formats decimal strings exactly; the DOM typings only name numbers. */
const asDecimal = (value: string | number) => value as unknown as number;
const NBSP = '\u00a0';
const MINUS = '\u2212';

function money(value: string | number, currency: CurrencyCode, signed: boolean): string {
  const format = numberFormat(FIGURES_LOCALE, {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
    minimumFractionDigits: CURRENCY_MINOR_UNITS[currency],
    maximumFractionDigits: CURRENCY_MINOR_UNITS[currency],
    signDisplay: signed ? 'exceptZero' : 'auto',
  });
  let sign = '';
  let figure = '';
  for (const part of format.formatToParts(asDecimal(value))) {
    if (part.type === 'minusSign') sign = MINUS;
    else if (part.type === 'plusSign') sign = '+';
    else if (part.type !== 'currency' && part.type !== 'literal') figure += part.value;
  }
  return `${currency}${NBSP}${sign}${figure}`;
}

/** "EUR 97,450.00", "JPY 1,250,000"; a negative amount keeps its minus ("USD −20,000.00"). */
export const formatAmount = (value: string | number, currency: CurrencyCode) => money(value, currency, false);

/** A gain or loss with its sign: "USD +460.28", "USD −1,461.75", "USD 0.00". */
export const formatSignedAmount = (value: string | number, currency: CurrencyCode) => money(value, currency, true);

const fractionOf = (value: string) => (value.split('.')[1] ?? '').replace(/0+$/, '').length;

/** A rate with the digits it carries (10 significant at most): "1.089723259", "0.000038012", "83.21". */
export function formatRate(value: string): string {
  const digits = Math.min(20, fractionOf(value));
  return numberFormat(FIGURES_LOCALE, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(
    asDecimal(value),
  );
}

/** Forward points with their sign: "+0.004723259", "−0.0012". */
export function formatPoints(value: string): string {
  const text = formatRate(value.replace(/^-/, ''));
  if (!/[1-9]/.test(value)) return text;
  return `${value.startsWith('-') ? MINUS : '+'}${text}`;
}

/** A decimal fraction as a percentage, exactly: "0.8915" → "89.15" (a string's point moves two places; no float). */
function percentOf(value: string | number): string | number {
  // a zero keeps no sign: nothing hedged of a payable is "0 %", not "−0 %"
  if (typeof value === 'number') return value * 100 || 0;
  const [, sign = '', whole = '0', fraction = ''] = /^([-+]?)(\d*)\.?(\d*)$/.exec(value.trim()) ?? [];
  const digits = `${whole}${fraction.padEnd(2, '0')}`;
  const point = whole.length + 2;
  return `${/[1-9]/.test(digits) ? sign : ''}${digits.slice(0, point)}.${digits.slice(point) || '0'}`;
}

const percent = (value: string | number, signDisplay: 'auto' | 'exceptZero') =>
  `${numberFormat(FIGURES_LOCALE, { maximumFractionDigits: 1, signDisplay })
    .format(asDecimal(percentOf(value)))
    .replace('-', MINUS)}${NBSP}%`;

/** A ratio given as a fraction ("0.8915") as a percentage: "89.2 %", "80 %". */
export const formatRatio = (value: string | number) => percent(value, 'auto');

/** A scenario's spot move ("-0.05") as "−5 %" or "+10 %". */
export const formatShock = (value: string) => percent(value, 'exceptZero');

function utcDate(isoDate: string): Date {
  const [year, month, day] = isoDate.split('-').map(Number);
  return new Date(Date.UTC(year!, (month ?? 1) - 1, day ?? 1));
}

/** A calendar date (a due date, a maturity) as it is, in every zone: "Feb 18, 2027". */
export const formatDay = (isoDate: string) =>
  dateTimeFormat(FIGURES_LOCALE, { dateStyle: 'medium', timeZone: 'UTC' }).format(utcDate(isoDate));

/** A calendar month ("2027-02") as "Feb 2027". */
export const formatMonth = (isoMonth: string) =>
  dateTimeFormat(FIGURES_LOCALE, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    utcDate(`${isoMonth}-01`),
  );

/** The calendar date `days` after `isoDate`. */
export function addDays(isoDate: string, days: number): string {
  return new Date(utcDate(isoDate).getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The calendar date `months` after `isoDate` (the month's last day when it has fewer days). */
export function addMonths(isoDate: string, months: number): string {
  const date = utcDate(isoDate);
  const target = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return target.toISOString().slice(0, 10);
}

/** Whether a decimal string is other than 0 ("-3" is, "0.00" and "-0.00" are not). */
export const isNonZero = (value: string) => /[1-9]/.test(value);

/** Whether a decimal string is above 0 ("0.00" and "-3" are not). */
export const isPositive = (value: string) => !value.trim().startsWith('-') && /[1-9]/.test(value);

/** The sum of decimal strings with `places` decimals, exactly (in integer minor units). */
export function sumAmounts(values: readonly string[], places: number): string {
  const scale = 10n ** BigInt(places);
  const units = values.reduce((total, value) => total + toUnits(value, places), 0n);
  const negative = units < 0n;
  const magnitude = negative ? -units : units;
  const whole = (magnitude / scale).toString();
  const fraction = places > 0 ? `.${(magnitude % scale).toString().padStart(places, '0')}` : '';
  return `${negative ? '-' : ''}${whole}${fraction}`;
}

/** A decimal string as integer minor units (extra decimals cut). */
export function toUnits(value: string, places: number): bigint {
  const text = value.trim();
  const negative = text.startsWith('-');
  const [whole = '0', fraction = ''] = text.replace(/^[-+]/, '').split('.');
  const units =
    BigInt(whole || '0') * 10n ** BigInt(places) + BigInt((fraction + '0'.repeat(places)).slice(0, places) || '0');
  return negative ? -units : units;
}

/** `a − b` of two amounts in a currency, exactly. */
export const subtractAmounts = (a: string, b: string, currency: CurrencyCode) =>
  sumAmounts([a, b.startsWith('-') ? b.slice(1) : `-${b}`], CURRENCY_MINOR_UNITS[currency]);

/** A round axis value in short form: "USD 20K", "INR −1.5M". */
export function formatCompactAmount(value: number, currency: CurrencyCode): string {
  const figure = numberFormat(FIGURES_LOCALE, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
  return `${currency}${NBSP}${figure.replace('-', MINUS)}`;
}
