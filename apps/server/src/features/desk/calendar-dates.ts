import { addDays, localDay, type CalendarDay } from '../activity';

/**
 * Calendar dates for the desk: due dates, maturities and bucket boundaries are whole days with no
 * time of day; "today" is the date in the user's time zone (localDay).
 */
export { addDays, localDay, type CalendarDay };

const DAY_MS = 86_400_000;
const utcOf = (day: CalendarDay) => Date.parse(`${day}T00:00:00Z`);

/** Whole days from `from` to `to` (negative when `to` is earlier): the T of the rate formulas. */
export const dayCount = (from: CalendarDay, to: CalendarDay): number => Math.round((utcOf(to) - utcOf(from)) / DAY_MS);

/** The same day `months` later, or that month's last day when it is shorter (2026-01-31 + 1 → 2026-02-28). */
export function addMonths(day: CalendarDay, months: number): CalendarDay {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDate = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDate));
  return target.toISOString().slice(0, 10);
}

/** The UTC date of an instant: the day whose daily bar gives the spot "on" that date. */
export const utcDay = (instant: Date): CalendarDay => instant.toISOString().slice(0, 10);
