import { eq } from 'drizzle-orm';
import {
  DEFAULT_TRADING_PREFERENCES,
  MARKET_MESSAGES,
  type TradingPreferences,
  type tradingPreferencesPatchSchema,
} from '@tp/shared';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import { validationFailed } from '../../plugins/errors';
import { tradingPreferences } from './trading.tables';

/** Trading preferences (docs/product/trading.md#trading-preferences): stored once changed, the defaults until then. */

const viewOf = (row: typeof tradingPreferences.$inferSelect): TradingPreferences => ({
  darkMode: row.darkMode,
  defaultOrderType: row.defaultOrderType,
  confirmOrders: row.confirmOrders,
  favoriteInstruments: row.favoriteInstruments,
});

export async function getTradingPreferences(deps: Deps, userId: string): Promise<TradingPreferences> {
  const [row] = await deps.db.select().from(tradingPreferences).where(eq(tradingPreferences.userId, userId));
  return row ? viewOf(row) : DEFAULT_TRADING_PREFERENCES;
}

export async function updateTradingPreferences(
  deps: Deps,
  userId: string,
  patch: z.output<typeof tradingPreferencesPatchSchema>,
): Promise<TradingPreferences> {
  const unknown = (patch.favoriteInstruments ?? [])
    .map((symbol, i) => ({ symbol, i }))
    .filter(({ symbol }) => !deps.market.instrument(symbol));
  if (unknown.length > 0) {
    throw validationFailed(
      unknown.map(({ symbol, i }) => ({
        field: `favoriteInstruments.${i}`,
        message: MARKET_MESSAGES.unknownSymbol(symbol),
      })),
    );
  }
  const [row] = await deps.db
    .insert(tradingPreferences)
    .values({ userId, ...DEFAULT_TRADING_PREFERENCES, ...patch, updatedAt: new Date() })
    .onConflictDoUpdate({ target: tradingPreferences.userId, set: { ...patch, updatedAt: new Date() } })
    .returning();
  return viewOf(row!);
}
