import { z } from 'zod';
import { FONT_SIZES, REDUCED_MOTION, THEME_MODES, THEME_TOKENS } from '../theme';
import { timeZoneSchema, timeZoneSourceSchema } from './time-zone';
import { CURRENCY_CODES, currencyCodeSchema } from './desk';
import { text } from './text';

/**
 * Client preferences kept on the server so they follow the user to another device
 * (docs/product/settings.md#preferences-api):
 * GET/PATCH /api/me/preferences. Trading defaults (order type, confirmations, favourite
 * instruments) are the trading feature's, at /api/preferences/trading.
 */

export const themeModeSchema = z.enum(THEME_MODES);

export const LANGUAGES = ['en'] as const;

/** A CSS colour without anything that could escape a declaration: hex, rgb(), hsl() or oklch(). */
export const cssColorSchema = text()
  .trim()
  .max(64)
  .regex(/^(#[0-9a-f]{3,8}|(rgb|hsl|oklch)a?\([0-9a-z.,%/+\s-]*\))$/i, 'must be a hex, rgb(), hsl() or oklch() colour');

export const themePreferencesSchema = z.object({
  mode: themeModeSchema,
  /** null: the design's accent. */
  primaryColor: cssColorSchema.nullable(),
  fontSize: z.enum(FONT_SIZES),
  animations: z.boolean(),
  reducedMotion: z.enum(REDUCED_MOTION),
  highContrast: z.boolean(),
  customColors: z.partialRecord(z.enum(THEME_TOKENS), cssColorSchema),
});
export type ThemePreferences = z.infer<typeof themePreferencesSchema>;

export const DEFAULT_THEME_PREFERENCES: ThemePreferences = {
  mode: 'dark',
  primaryColor: null,
  fontSize: 'md',
  animations: true,
  reducedMotion: 'system',
  highContrast: false,
  customColors: {},
};

export const TRADING_PREFERENCES_PATH = '/api/preferences/trading';

/** GET /api/me/preferences and the PATCH answer. */
export const userPreferencesResponseSchema = z.object({
  theme: themePreferencesSchema,
  /** The dashboard preferences' display part (docs/product/settings.md#time-zone); display.theme is theme.mode. */
  display: z.object({
    theme: themeModeSchema,
    language: z.enum(LANGUAGES),
    timezone: text().max(64),
    timezoneSource: timeZoneSourceSchema,
  }),
  /**
   * The exporter desk's home currency: every desk figure marked "home" is in it
   * (docs/desk.md#1-home-currency-currencies-and-rates).
   */
  homeCurrency: z.enum(CURRENCY_CODES),
  links: z.object({ trading: text().max(200) }),
  /** When the preferences were last saved on the server; null while they are the defaults. */
  lastSyncTime: text().max(40).nullable(),
});
export type UserPreferencesResponse = z.infer<typeof userPreferencesResponseSchema>;

/**
 * PATCH /api/me/preferences: any subset. customColors replaces the whole map. display.theme is
 * another name for theme.mode (both may be sent only when they agree).
 */
export const userPreferencesPatchSchema = z
  .object({
    theme: themePreferencesSchema.partial().strict().optional(),
    display: z
      .object({ theme: themeModeSchema, language: z.enum(LANGUAGES), timezone: timeZoneSchema })
      .partial()
      .strict()
      .optional(),
    homeCurrency: currencyCodeSchema.optional(),
  })
  .strict()
  .superRefine((patch, ctx) => {
    const changes =
      Object.keys(patch.theme ?? {}).length + Object.keys(patch.display ?? {}).length + (patch.homeCurrency ? 1 : 0);
    if (changes === 0) ctx.addIssue({ code: 'custom', path: [], message: 'name at least one preference to change' });
    if (patch.theme?.mode && patch.display?.theme && patch.theme.mode !== patch.display.theme) {
      ctx.addIssue({ code: 'custom', path: ['display', 'theme'], message: 'must match theme.mode when both are sent' });
    }
  });
export type UserPreferencesPatch = z.input<typeof userPreferencesPatchSchema>;
