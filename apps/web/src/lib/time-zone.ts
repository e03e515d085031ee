import { useAuth } from '@/lib/auth-context';

/**
 * The zone signed-in screens write times in: the user's (docs/decisions/0020 — chosen in the
 * settings, else the browser's as the activity call reported it), so an upload reads the same time
 * on the dashboard and in the content hub. Undefined when signed out: the browser's zone.
 */
export function useTimeZone(): string | undefined {
  return useAuth().user?.timezone || undefined;
}
