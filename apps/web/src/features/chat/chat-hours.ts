import { CHAT } from '@tp/shared';
import { dateTimeFormat } from '@/lib/intl';

/** Support hours by the browser clock (docs/product/shell.md#support-hours): Monday to Friday, 9:00 to before 18:00. */

const openDays: readonly number[] = CHAT.openDays;

export function isSupportOpen(now: Date): boolean {
  const hour = now.getHours();
  return openDays.includes(now.getDay()) && hour >= CHAT.openHour && hour < CHAT.closeHour;
}

/** The next moment support opens (local time); `now` itself when it is open. */
export function nextOpening(now: Date): Date {
  if (isSupportOpen(now)) return now;
  for (let offset = 0; offset <= 7; offset += 1) {
    const candidate = new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset, CHAT.openHour, 0, 0, 0);
    if (candidate > now && openDays.includes(candidate.getDay())) return candidate;
  }
  /* c8 ignore next */
  throw new Error('support hours have no opening day');
}

const sameDay = (a: Date, b: Date) =>
  a.getFullYear() === b.getFullYear() && a.getMonth() === b.getMonth() && a.getDate() === b.getDate();

/** "today at 9:00 AM", "tomorrow at 9:00 AM" or "on Monday at 9:00 AM", in the visitor's locale and time. */
export function describeReopening(now: Date, locale?: string): string {
  const next = nextOpening(now);
  const time = dateTimeFormat(locale, { hour: 'numeric', minute: '2-digit' }).format(next);
  if (sameDay(next, now)) return `today at ${time}`;
  const tomorrow = new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1);
  if (sameDay(next, tomorrow)) return `tomorrow at ${time}`;
  const weekday = dateTimeFormat(locale, { weekday: 'long' }).format(next);
  return `on ${weekday} at ${time}`;
}

export interface SupportAvailability {
  open: boolean;
  /** One sentence for the visitor. */
  message: string;
}

export function supportAvailability(now: Date, locale?: string): SupportAvailability {
  if (isSupportOpen(now)) {
    return { open: true, message: 'We are online now. Support hours: Monday to Friday, 9:00–18:00.' };
  }
  return {
    open: false,
    message: `We are away right now. Support is back ${describeReopening(now, locale)} (your time).`,
  };
}
