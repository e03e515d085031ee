import { and, eq, sql } from 'drizzle-orm';
import { canonicalTimeZone, type TimeZoneSource } from '@tp/shared';
import type { DbExecutor } from '../../db/client';
import type { Deps } from '../../deps';
import { users } from '../users/users.tables';

export interface UserZone {
  id: string;
  timezone: string;
  timezoneSource: TimeZoneSource;
}

/**
 * The user's zone, defaulting to the browser's: while nobody has chosen one (source "default"),
 * the first valid zone a browser reports (the x-time-zone header) becomes the user's. After that
 * only an explicit choice (PATCH /api/me/preferences) changes it, so two devices in different
 * zones do not take turns. A zone this server's Intl does not know is ignored, not an error: it
 * is a hint, and the dashboard must still load.
 */
export async function withBrowserTimeZone(
  deps: Pick<Deps, 'db'>,
  user: UserZone,
  reported: unknown,
): Promise<UserZone> {
  return adoptBrowserTimeZone(deps.db, user, reported);
}

/** withBrowserTimeZone inside a caller's transaction (a sign-in). */
export async function adoptBrowserTimeZone(db: DbExecutor, user: UserZone, reported: unknown): Promise<UserZone> {
  const current: UserZone = { id: user.id, timezone: user.timezone, timezoneSource: user.timezoneSource };
  if (user.timezoneSource !== 'default' || typeof reported !== 'string') return current;
  // stored by its current IANA name, whichever name the browser's ICU gives (docs/decisions/0037)
  const zone = canonicalTimeZone(reported);
  if (!zone) return current;
  const [adopted] = await db
    .update(users)
    .set({ timezone: zone, timezoneSource: 'browser', updatedAt: sql`now()` })
    .where(and(eq(users.id, user.id), eq(users.timezoneSource, 'default')))
    .returning({ timezone: users.timezone, timezoneSource: users.timezoneSource });
  if (adopted) return { id: user.id, ...adopted };
  // another request adopted a zone first: use what it stored
  const [stored] = await db
    .select({ timezone: users.timezone, timezoneSource: users.timezoneSource })
    .from(users)
    .where(eq(users.id, user.id));
  return stored ? { id: user.id, ...stored } : current;
}
