import { numberFormat } from '@/lib/intl';

/**
 * The app's figures written once (DESIGN.md "Numbers": Intl.NumberFormat, grouping, 2 decimals for
 * money). English figures whatever the browser's locale: the app speaks English, and the prerendered
 * pricing must read the same on the server and in every browser.
 */

const MB = 1024 * 1024;
const twoDecimals = numberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A file size as the spec shows sizes (02 §9): in MB to 2 decimals, 1024-based as the limits are. */
export const formatFileSize = (bytes: number) => `${twoDecimals.format(bytes / MB)} MB`;

const money = (currency: string, signed: boolean) =>
  numberFormat('en-US', {
    style: 'currency',
    currency,
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    ...(signed && { signDisplay: 'exceptZero' as const }),
  });

const usd = money('USD', false);
const signedUsd = money('USD', true);

/**
 * Money, from the contract's decimal strings or a plain number: Intl formats a decimal string
 * exactly (no float on the way), `"1234.5"` → "$1,234.50". Intl.NumberFormat accepts decimal
 * strings; the DOM typings only name numbers.
 */
export const formatMoney = (amount: string | number, currency = 'USD') =>
  (currency === 'USD' ? usd : money(currency, false)).format(amount as number);

/** A change of money, with its sign so colour is never the only signal: "+$12.00", "-$3.50", "$0.00". */
export const formatSignedMoney = (amount: string | number) => signedUsd.format(amount as number);
