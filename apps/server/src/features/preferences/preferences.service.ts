import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_THEME_PREFERENCES,
  TRADING_PREFERENCES_PATH,
  themePreferencesSchema,
  type PreferencesResponse,
  canonicalTimeZone,
  type TimeZoneSource,
} from '@tp/shared';
import type { z } from 'zod';
import type { preferencesPatchSchema } from '@tp/shared';
import type { DbExecutor } from '../../db/client';
import type { Deps } from '../../deps';
import { users } from '../users/users.tables';
import { userPreferences } from './preferences.tables';

type PreferencesPatch = z.output<typeof preferencesPatchSchema>;

/**
 * Stored settings read field by field: a field missing (added since) or no longer valid falls back
 * to its default instead of failing the whole answer.
 */
function readTheme(stored: Record<string, unknown> | undefined) {
  const theme = { ...DEFAULT_THEME_PREFERENCES };
  const raw = (stored?.theme ?? {}) as Record<string, unknown>;
  for (const key of Object.keys(theme) as (keyof typeof theme)[]) {
    const parsed = themePreferencesSchema.shape[key].safeParse(raw[key]);
    if (parsed.success) (theme as Record<string, unknown>)[key] = parsed.data;
  }
  return theme;
}

function answer(
  user: { timezone: string; timezoneSource: TimeZoneSource },
  row: { settings: Record<string, unknown>; updatedAt: Date } | undefined,
): PreferencesResponse {
  const theme = readTheme(row?.settings);
  return {
    theme,
    display: {
      theme: theme.mode,
      language: 'en',
      // a zone stored by its old name (before docs/decisions/0037) is shown by its current one
      timezone: canonicalTimeZone(user.timezone) ?? user.timezone,
      timezoneSource: user.timezoneSource,
    },
    links: { trading: TRADING_PREFERENCES_PATH },
    lastSyncTime: row?.updatedAt.toISOString() ?? null,
  };
}

async function userZone(db: DbExecutor, userId: string) {
  const [user] = await db
    .select({ timezone: users.timezone, timezoneSource: users.timezoneSource })
    .from(users)
    .where(eq(users.id, userId));
  return user!;
}

export async function getPreferences(deps: Pick<Deps, 'db'>, userId: string): Promise<PreferencesResponse> {
  const [row] = await deps.db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  return answer(await userZone(deps.db, userId), row);
}

/** Applies a validated patch: theme fields merge into the stored ones; a time zone is the user's explicit choice. */
export async function updatePreferences(
  deps: Pick<Deps, 'db'>,
  userId: string,
  patch: PreferencesPatch,
): Promise<PreferencesResponse> {
  return deps.db.transaction(async (tx) => {
    if (patch.display?.timezone) {
      await tx
        .update(users)
        .set({ timezone: patch.display.timezone, timezoneSource: 'user', updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    }
    const mode = patch.theme?.mode ?? patch.display?.theme;
    const themeChanges = { ...patch.theme, ...(mode ? { mode } : {}) };
    let [row] = await tx.select().from(userPreferences).where(eq(userPreferences.userId, userId)).for('update');
    // language: English is the only one there is, so there is nothing to store for it yet
    if (Object.keys(themeChanges).length > 0) {
      const settings = { ...row?.settings, theme: { ...readTheme(row?.settings), ...themeChanges } };
      [row] = await tx
        .insert(userPreferences)
        .values({ userId, settings })
        .onConflictDoUpdate({ target: userPreferences.userId, set: { settings, updatedAt: sql`now()` } })
        .returning();
    }
    return answer(await userZone(tx, userId), row);
  });
}
