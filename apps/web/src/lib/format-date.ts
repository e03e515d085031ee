import { dateTimeFormat, FIGURES_LOCALE } from '@/lib/intl';

// Apart from lib/format: the landing page's pricing imports that module, and these would ride along.

type Instant = string | Date | null | undefined;

/**
 * An instant written with `options` in `timeZone` (signed-in screens pass the user's, `useTimeZone`;
 * without one, the browser's); '—' when there is none, the text itself when it is not a date.
 */
function formatInstant(instant: Instant, options: Intl.DateTimeFormatOptions, timeZone?: string): string {
  if (!instant) return '—';
  const date = new Date(instant);
  if (Number.isNaN(date.getTime())) return String(instant);
  return dateTimeFormat(FIGURES_LOCALE, timeZone ? { ...options, timeZone } : options).format(date);
}

/** Date and time of an instant: "Mar 12, 2026, 9:30 AM". */
export const formatDateTime = (instant: Instant, timeZone?: string) =>
  formatInstant(instant, { dateStyle: 'medium', timeStyle: 'short' }, timeZone);

/** The day of an instant: "Mar 12, 2026". */
export const formatDate = (instant: Instant, timeZone?: string) =>
  formatInstant(instant, { dateStyle: 'medium' }, timeZone);

/** The time of an instant today: "9:30 AM". */
export const formatTime = (instant: Instant, timeZone?: string) =>
  formatInstant(instant, { timeStyle: 'short' }, timeZone);

/** An instant to the second, where messages arrive seconds apart (the dev mailbox): "3/12/26, 9:30:15 AM". */
export const formatTimestamp = (instant: Instant, timeZone?: string) =>
  formatInstant(instant, { dateStyle: 'short', timeStyle: 'medium' }, timeZone);

/** A calendar date that is no instant ("2026-10-14", a story's date): "October 14, 2026" in every zone. */
export function formatCalendarDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return dateTimeFormat(FIGURES_LOCALE, { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year!, month! - 1, day!)),
  );
}
