import { numberFormat, dateTimeFormat } from '@/lib/intl';

/**
 * Money from the contract's decimal strings: Intl formats the string itself (exact, no float on the
 * way), with grouping and 2 decimals (DESIGN.md).
 */
export function formatUsd(amount: string, { signed = false } = {}): string {
  const format = numberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
    ...(signed && { signDisplay: 'exceptZero' as const }),
  });
  // Intl.NumberFormat accepts decimal strings (exact); the DOM typings only name numbers
  return format.format(amount as unknown as number);
}

export const formatCount = (value: number) => numberFormat('en-US').format(value);

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${numberFormat('en-US', { maximumFractionDigits: 1 }).format(value)} ${units[unit]}`;
}

/** "14:32" today, otherwise "Nov 21, 14:32", in the user's zone. */
export function formatWhen(iso: string, timeZone: string): string {
  return dateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}
