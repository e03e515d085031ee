import { eq, sql } from 'drizzle-orm';
import {
  DEFAULT_THEME_PREFERENCES,
  TRADING_PREFERENCES_PATH,
  themePreferencesSchema,
  DESK_MESSAGES,
  type CurrencyCode,
  type UserPreferencesResponse,
  canonicalTimeZone,
  type TimeZoneSource,
} from '@tp/shared';
import type { z } from 'zod';
import type { userPreferencesPatchSchema } from '@tp/shared';
import { executeRows, type DbExecutor } from '../../db/client';
import { AppError } from '../../plugins/errors';
import { deskForwards, deskInvoices } from '../desk/desk.tables';
import type { Deps } from '../../deps';
import { users } from '../users/users.tables';
import { userPreferences } from './user-preferences.tables';

type UserPreferencesPatch = z.output<typeof userPreferencesPatchSchema>;

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
  user: { timezone: string; timezoneSource: TimeZoneSource; homeCurrency: CurrencyCode },
  row: { settings: Record<string, unknown>; updatedAt: Date } | undefined,
): UserPreferencesResponse {
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
    homeCurrency: user.homeCurrency,
    links: { trading: TRADING_PREFERENCES_PATH },
    lastSyncTime: row?.updatedAt.toISOString() ?? null,
  };
}

async function userZone(db: DbExecutor, userId: string) {
  const [user] = await db
    .select({ timezone: users.timezone, timezoneSource: users.timezoneSource, homeCurrency: users.homeCurrency })
    .from(users)
    .where(eq(users.id, userId));
  return user!;
}

/**
 * Booked rates are rates into the home currency: it changes only while the desk is empty
 * (docs/desk.md#1-home-currency-currencies-and-rates).
 */
async function changeHomeCurrency(tx: DbExecutor, userId: string, homeCurrency: CurrencyCode) {
  const [user] = await tx
    .select({ homeCurrency: users.homeCurrency })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  if (user?.homeCurrency === homeCurrency) return;
  const [used] = await executeRows<{ used: boolean }>(
    tx,
    sql`select exists (select 1 from ${deskInvoices} where user_id = ${userId})
        or exists (select 1 from ${deskForwards} where user_id = ${userId}) as used`,
  );
  if (used?.used) throw new AppError(409, DESK_MESSAGES.homeCurrencyLocked, 'HOME_CURRENCY_LOCKED');
  await tx
    .update(users)
    .set({ homeCurrency, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

export async function getUserPreferences(deps: Pick<Deps, 'db'>, userId: string): Promise<UserPreferencesResponse> {
  const [row] = await deps.db.select().from(userPreferences).where(eq(userPreferences.userId, userId));
  return answer(await userZone(deps.db, userId), row);
}

/** Applies a validated patch: theme fields merge into the stored ones; a time zone is the user's explicit choice. */
export async function updateUserPreferences(
  deps: Pick<Deps, 'db'>,
  userId: string,
  patch: UserPreferencesPatch,
): Promise<UserPreferencesResponse> {
  return deps.db.transaction(async (tx) => {
    if (patch.display?.timezone) {
      await tx
        .update(users)
        .set({ timezone: patch.display.timezone, timezoneSource: 'user', updatedAt: sql`now()` })
        .where(eq(users.id, userId));
    }
    if (patch.homeCurrency) await changeHomeCurrency(tx, userId, patch.homeCurrency);
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
