import { z } from 'zod';

/**
 * IANA time zones as this runtime's Intl knows them. `Intl.supportedValuesOf('timeZone')` lists
 * canonical names only (and, on Node 20, not "UTC"), so a name is accepted when it, or the
 * canonical name Intl resolves it to, is listed — "Europe/Kyiv" and "Europe/Kiev" are one zone.
 */
let supported: Set<string> | undefined;
const UTC_NAMES = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT']);
export const TIME_ZONE_MAX = 64;

export function isSupportedTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > TIME_ZONE_MAX || !/^[A-Za-z0-9_+\-/]+$/.test(name)) return false;
  supported ??= new Set(Intl.supportedValuesOf('timeZone'));
  if (supported.has(name) || UTC_NAMES.has(name)) return true;
  try {
    const canonical = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
    return supported.has(canonical) || UTC_NAMES.has(canonical);
  } catch {
    return false;
  }
}

export const timeZoneSchema = z
  .string()
  .trim()
  .max(TIME_ZONE_MAX)
  .refine(isSupportedTimeZone, { message: 'must be an IANA time zone, e.g. Europe/London' });

/** How the stored zone was chosen: the default (UTC), adopted from the first browser that reported one, or set by the user. */
export const TIME_ZONE_SOURCES = ['default', 'browser', 'user'] as const;
export const timeZoneSourceSchema = z.enum(TIME_ZONE_SOURCES);
export type TimeZoneSource = z.infer<typeof timeZoneSourceSchema>;

/** The request header carrying the browser's zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`). */
export const TIME_ZONE_HEADER = 'x-time-zone';

/** A calendar date, YYYY-MM-DD. */
export const calendarDateSchema = z.iso.date();
