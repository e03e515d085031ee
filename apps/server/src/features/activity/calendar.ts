/**
 * Calendar days in a user's time zone, and the streak rule over them (docs/decisions/0020).
 *
 * Days are plain dates ("2026-03-29"), compared and stepped as dates, never as 24-hour spans: a
 * DST day of 23 or 25 hours is still one day, and "yesterday" is the date before, whatever the
 * clock did overnight.
 */

/** A calendar date, YYYY-MM-DD. Strings of this shape compare in date order. */
export type CalendarDay = string;

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** The last day asked for per zone, with its second: a day never changes within a second. */
const lastDays = new Map<string, { second: number; day: CalendarDay }>();

/** The date an instant falls on in a zone. */
export function localDay(instant: Date, timeZone: string): CalendarDay {
  const second = Math.floor(instant.getTime() / 1_000);
  const last = lastDays.get(timeZone);
  if (last?.second === second) return last.day;
  const parts = formatterFor(timeZone).formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  lastDays.set(timeZone, { second, day });
  return day;
}

export function addDays(day: CalendarDay, days: number): CalendarDay {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** Every date from start to end, both included. */
export function daysBetween(start: CalendarDay, end: CalendarDay): CalendarDay[] {
  const days: CalendarDay[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

/** A day already counted: its date and the zone it was counted in. */
export interface CountedDay {
  day: CalendarDay;
  timeZone: string;
}

/**
 * The day an instant counts toward: its date in the user's zone — except that after a move west
 * the day never goes back. If the instant is still on (or after) the latest counted day in the zone
 * that day was counted in, it counts toward that day at least, so flying from Tokyo to New York
 * does not give a second Tuesday (a second Daily Login, a fresh 0 % progress).
 */
export function effectiveDay(instant: Date, timeZone: string, latest: CountedDay | null): CalendarDay {
  const day = localDay(instant, timeZone);
  if (!latest || day >= latest.day) return day;
  return localDay(instant, latest.timeZone) >= latest.day ? latest.day : day;
}

/** The previous visited day and the streak it ended with. */
export interface VisitedDay extends CountedDay {
  streak: number;
}

/**
 * The streak (docs/product/dashboard.md#streaks): on the first visit of a new day, a visit on the
 * day after the last one adds 1,
 * otherwise the streak starts again at 1. After a time-zone move the visit also continues the
 * streak when, in the zone of the last visit, it is still that day or the next one — moving east
 * can skip a date on the calendar without the user missing a day.
 */
export function nextStreak(previous: VisitedDay | null, day: CalendarDay, instant: Date): number {
  if (!previous || day <= previous.day) return previous?.streak ?? 1;
  const dayAfter = addDays(previous.day, 1);
  if (day === dayAfter) return previous.streak + 1;
  if (previous.timeZone && localDay(instant, previous.timeZone) <= dayAfter) return previous.streak + 1;
  return 1;
}
