import { TIME_ZONE_HEADER } from '@tp/shared';

/** The browser's IANA zone, or null where Intl does not say. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}

/**
 * The header that tells the server the browser's zone: it becomes the user's zone until they
 * choose one in the settings (docs/decisions/0020). Sent with the activity calls and the sign-in,
 * so a first sign-in already counts on the user's own day.
 */
export function timeZoneHeaders(): Record<string, string> {
  const zone = browserTimeZone();
  return zone ? { [TIME_ZONE_HEADER]: zone } : {};
}
