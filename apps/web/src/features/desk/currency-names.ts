import type { CurrencyCode } from '@tp/shared';

let names: Intl.DisplayNames | undefined;

/** A currency's English name ("Euro", "Indian Rupee"), for display beside its code. */
export function currencyName(code: CurrencyCode): string {
  names ??= new Intl.DisplayNames('en', { type: 'currency' });
  return names.of(code) ?? code;
}

/** "EUR · Euro", for a select's options. */
export const currencyOption = (code: CurrencyCode) => ({ value: code, label: `${code} · ${currencyName(code)}` });
