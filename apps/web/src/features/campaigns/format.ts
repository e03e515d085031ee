import { dateTimeFormat } from '@/lib/intl';

/** An instant in the browser's time zone, e.g. "12 Mar 2026, 09:30"; '—' when there is none. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return '—';
  return dateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
