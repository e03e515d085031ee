import { z } from 'zod';
import { text } from './text';

/**
 * IANA time zones as this runtime's Intl knows them, named by their current IANA names
 * (docs/decisions/0037). Intl's zone data is the one source of zones and offsets; the only table
 * here is of names. Node 20's and Chromium's ICU list (`Intl.supportedValuesOf('timeZone')`) and
 * resolve to CLDR's stable ids, which keep the old name of a zone IANA renamed ("Asia/Calcutta",
 * "Europe/Kiev"; "Asia/Kolkata" resolves to "Asia/Calcutta"), and list no "UTC". Other runtimes
 * (Firefox) list the current names. Either way a name is accepted when it, or the zone Intl
 * resolves it to, is listed, and it is stored and shown by its current name.
 */
export const TIME_ZONE_MAX = 64;

/** Old name (as Node 20 and Chromium list it) → current IANA name, for the zones IANA renamed. */
export const TIME_ZONE_RENAMES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Coral_Harbour': 'America/Atikokan',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** Current IANA name → the old names it replaced (those in TIME_ZONE_RENAMES). */
export const TIME_ZONE_OLD_NAMES: Readonly<Record<string, readonly string[]>> = Object.entries(
  TIME_ZONE_RENAMES,
).reduce<Record<string, string[]>>((byCurrent, [old, current]) => {
  (byCurrent[current] ??= []).push(old);
  return byCurrent;
}, {});

const UTC_NAMES = new Set(['UTC', 'Etc/UTC', 'Etc/GMT', 'GMT']);
const NAME_PATTERN = /^[A-Za-z0-9_+\-/]+$/;

let listed: Set<string> | undefined;
/** Names already answered (valid ones only, so random input cannot fill it). */
const canonicalByName = new Map<string, string>();

/** The zones this runtime lists, by their current IANA names (and "UTC"), sorted. */
export function supportedTimeZones(): string[] {
  // browsers before 2022 lack supportedValuesOf: their pickers offer UTC and the zone already chosen
  const listed = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  const names = new Set(listed.map((name) => TIME_ZONE_RENAMES[name] ?? name));
  names.add('UTC');
  return [...names].sort();
}

/**
 * The current IANA name of a zone this runtime knows ("Asia/Calcutta" and "Asia/Kolkata" →
 * "Asia/Kolkata"; "Etc/UTC" → "UTC"), or null for a name it does not know.
 */
export function canonicalTimeZone(name: string): string | null {
  const known = canonicalByName.get(name);
  if (known) return known;
  if (name.length === 0 || name.length > TIME_ZONE_MAX || !NAME_PATTERN.test(name)) return null;
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: name }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
  listed ??= new Set(Intl.supportedValuesOf('timeZone'));
  let canonical: string | null = null;
  if (UTC_NAMES.has(name) || UTC_NAMES.has(resolved)) canonical = 'UTC';
  else if (listed.has(resolved)) canonical = TIME_ZONE_RENAMES[resolved] ?? resolved;
  if (canonical) canonicalByName.set(name, canonical);
  return canonical;
}

export function isSupportedTimeZone(name: string): boolean {
  return canonicalTimeZone(name) !== null;
}

/** A zone by either of its names; the value is its current IANA name. */
export const timeZoneSchema = text()
  .trim()
  .max(TIME_ZONE_MAX)
  .refine(isSupportedTimeZone, { message: 'must be an IANA time zone, e.g. Europe/London' })
  .transform((name) => canonicalTimeZone(name)!);

/** How the stored zone was chosen: the default (UTC), adopted from the first browser that reported one, or set by the user. */
export const TIME_ZONE_SOURCES = ['default', 'browser', 'user'] as const;
export const timeZoneSourceSchema = z.enum(TIME_ZONE_SOURCES);
export type TimeZoneSource = z.infer<typeof timeZoneSourceSchema>;

/** A calendar date, YYYY-MM-DD. */
export const calendarDateSchema = z.iso.date();
