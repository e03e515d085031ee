import { dateTimeFormat } from '@/lib/intl';

/** "14:32" today, otherwise "Nov 21, 14:32", in the user's zone. */
export function formatWhen(iso: string, timeZone: string): string {
  return dateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}
