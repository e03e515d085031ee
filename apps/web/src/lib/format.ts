import { FIGURES_LOCALE, numberFormat } from '@/lib/intl';

/**
 * The app's figures written once (docs/product/ui-layer.md#numbers: Intl.NumberFormat, grouping, 2 decimals for
 * money). English figures whatever the browser's locale: the app speaks English, and the prerendered
 * pricing must read the same on the server and in every browser.
 */

// Each formatter is built on first use (lib/intl keeps it; the shared sizes build theirs on first use
// too): the landing page's pricing imports this module, and building the ones it does not use would
// cost its hydration on a slow phone.

/** A count with grouping: 12,345. */
export const formatCount = (value: number) => numberFormat(FIGURES_LOCALE).format(value);

/** A count and its noun, singular for one: "1 day", "12 days". */
export const formatCountOf = (value: number, one: string, many: string) =>
  `${formatCount(value)} ${value === 1 ? one : many}`;

/** File sizes are the shared package's, as the server's e-mails write them. */
export { formatBytes, formatFileSize } from '@tp/shared/file-size';

const money = (currency: string, signed: boolean) =>
  numberFormat(FIGURES_LOCALE, {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    ...(signed && { signDisplay: 'exceptZero' as const }),
  });
// trading formats prices many times a second: these two skip the cache's key on every call
let usd: Intl.NumberFormat | undefined;
let signedUsd: Intl.NumberFormat | undefined;

/**
 * Money, from the contract's decimal strings or a plain number: Intl formats a decimal string
 * exactly (no float on the way), `"1234.5"` → "$1,234.50". Intl.NumberFormat accepts decimal
 * strings; the DOM typings only name numbers.
 */
export const formatMoney = (amount: string | number, currency = 'USD') =>
  (currency === 'USD' ? (usd ??= money('USD', false)) : money(currency, false)).format(amount as number);

/** A change of money, with its sign so colour is never the only signal: "+$12.00", "-$3.50", "$0.00". */
export const formatSignedMoney = (amount: string | number) =>
  (signedUsd ??= money('USD', true)).format(amount as number);
