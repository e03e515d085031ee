import { useAuth } from '@/lib/auth-context';
import { dateTimeFormat } from '@/lib/intl';

/**
 * The zone signed-in screens write times in: the user's (docs/decisions/0020 — chosen in the
 * settings, else the browser's as the activity call reported it), so an upload reads the same time
 * on the dashboard and in the content hub. Undefined when signed out: the browser's zone.
 */
export function useTimeZone(): string | undefined {
  return useAuth().user?.timezone || undefined;
}

/** How far `timeZone`'s clock is ahead of UTC at `instant`, in ms (the browser's zone without one). */
function offsetAt(instant: number, timeZone?: string): number {
  if (!timeZone) return -new Date(instant).getTimezoneOffset() * 60_000;
  const parts = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
  return wall - Math.floor(instant / 1000) * 1000;
}

/** The first instant of a calendar day ("2026-11-24") in `timeZone` (the browser's without one). */
function startOfDayIn(isoDate: string, timeZone?: string): number {
  const [year, month, day] = isoDate.split('-').map(Number);
  const midnightAsUtc = Date.UTC(year!, month! - 1, day!);
  // the offset at UTC midnight is a first guess; near a clock change the offset at the answer decides
  const offset = offsetAt(midnightAsUtc - offsetAt(midnightAsUtc, timeZone), timeZone);
  const start = midnightAsUtc - offset;
  const offsetThen = offsetAt(start, timeZone);
  // a midnight the clock skips (23:59 → 01:00): the day begins as the old clock reaches midnight
  return offsetThen === offset ? start : Math.max(start, midnightAsUtc - offsetThen);
}

/**
 * The instants a range of calendar days covers in `timeZone`: from the first day's first instant to
 * the last day's last millisecond, as the API's ISO timestamps (a filter of "Nov 24" means the
 * user's Nov 24, not UTC's).
 */
export function dayRangeIn(days: { from?: string; to?: string }, timeZone?: string): { from?: string; to?: string } {
  const nextDay = (isoDate: string) =>
    new Date(Date.parse(`${isoDate}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  return {
    ...(days.from && { from: new Date(startOfDayIn(days.from, timeZone)).toISOString() }),
    ...(days.to && { to: new Date(startOfDayIn(nextDay(days.to), timeZone) - 1).toISOString() }),
  };
}
