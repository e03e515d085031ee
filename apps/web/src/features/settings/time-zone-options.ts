import { supportedTimeZones, TIME_ZONE_OLD_NAMES, TIME_ZONE_RENAMES } from '@tp/shared';
import type { ComboboxOption } from '@/ui/combobox';

/**
 * The time-zone picker's options (docs/decisions/0037): every zone the browser's Intl knows, by its
 * current IANA name ("Asia/Kolkata", though Chromium lists "Asia/Calcutta"), each with its UTC
 * offset now, from Intl. A zone is found by its current name, an old one ("Calcutta", "Kiev",
 * "Saigon") or its offset in the usual spellings ("+05:30", "UTC+5:30", "GMT+5:30").
 */

/** "UTC+05:30", "UTC-03:00", "UTC+00:00": the zone's offset from UTC at `at`. */
export function utcOffset(timeZone: string, at: Date): string {
  const name = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((part) => part.type === 'timeZoneName')?.value;
  // longOffset is "GMT+05:30", or plain "GMT" at zero
  const offset = name?.replace(/^GMT/, '') || '+00:00';
  return `UTC${offset}`;
}

/** The offset as people type it: "+05:30" also as "+5:30", "UTC+5:30", "GMT+05:30"; "+05:00" also as "+5". */
function offsetSpellings(offset: string): string[] {
  const [, sign, hours, minutes] = /^UTC([+-])(\d\d):(\d\d)$/.exec(offset)!;
  const short = `${sign}${Number(hours)}`;
  const forms = [`${sign}${hours}:${minutes}`, `${short}:${minutes}`, ...(minutes === '00' ? [short] : [])];
  return forms.flatMap((form) => [`UTC${form}`, `GMT${form}`]);
}

/** A zone's current IANA name, for one stored or reported by its old one. */
export const currentTimeZoneName = (zone: string) => TIME_ZONE_RENAMES[zone] ?? zone;

/** Every zone, and `chosen` (a current name) even where this browser does not list it. */
export function timeZoneOptions(chosen: string, at = new Date()): ComboboxOption[] {
  const zones = supportedTimeZones();
  if (!zones.includes(chosen)) zones.unshift(chosen);
  return zones.map((zone) => {
    const offset = utcOffset(zone, at);
    const oldNames = TIME_ZONE_OLD_NAMES[zone] ?? [];
    return {
      value: zone,
      label: zone === 'UTC' ? 'UTC' : `${zone.replaceAll('_', ' ')} (${offset})`,
      keywords: [...oldNames, ...offsetSpellings(offset)].join(' '),
      hint: oldNames.length > 0 ? `formerly ${oldNames.join(', ').replaceAll('_', ' ')}` : undefined,
    };
  });
}
