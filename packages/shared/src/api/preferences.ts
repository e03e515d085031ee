import { z } from 'zod';
import { timeZoneSchema, timeZoneSourceSchema } from './time-zone';

/**
 * Client preferences kept on the server so they follow the user to another device (spec 02 §3):
 * GET/PATCH /api/me/preferences. Trading defaults (order type, confirmations, favourite
 * instruments) are the trading feature's, at /api/preferences/trading.
 */

export const THEME_MODES = ['light', 'dark', 'auto'] as const;
export const themeModeSchema = z.enum(THEME_MODES);
export type ThemeMode = z.infer<typeof themeModeSchema>;

export const FONT_SIZES = ['sm', 'md', 'lg'] as const;
/** "system" follows prefers-reduced-motion; "on" and "off" override it. */
export const REDUCED_MOTION = ['system', 'on', 'off'] as const;
export const LANGUAGES = ['en'] as const;

/** The semantic colour variables a user may override (the web's theme tokens). */
export const THEME_TOKENS = [
  'bg',
  'surface',
  'surface-2',
  'border',
  'fg',
  'muted',
  'accent',
  'accent-fg',
  'gain',
  'loss',
  'warning',
  'info',
] as const;

/** A CSS colour without anything that could escape a declaration: hex, rgb(), hsl() or oklch(). */
export const cssColorSchema = z
  .string()
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
export const preferencesResponseSchema = z.object({
  theme: themePreferencesSchema,
  /** The dashboard preferences' display part (spec 02 §3); display.theme is theme.mode. */
  display: z.object({
    theme: themeModeSchema,
    language: z.enum(LANGUAGES),
    timezone: z.string().max(64),
    timezoneSource: timeZoneSourceSchema,
  }),
  links: z.object({ trading: z.string().max(200) }),
  /** When the preferences were last saved on the server; null while they are the defaults. */
  lastSyncTime: z.string().max(40).nullable(),
});
export type PreferencesResponse = z.infer<typeof preferencesResponseSchema>;

/**
 * PATCH /api/me/preferences: any subset. customColors replaces the whole map. display.theme is
 * another name for theme.mode (both may be sent only when they agree).
 */
export const preferencesPatchSchema = z
  .object({
    theme: themePreferencesSchema.partial().strict().optional(),
    display: z
      .object({ theme: themeModeSchema, language: z.enum(LANGUAGES), timezone: timeZoneSchema })
      .partial()
      .strict()
      .optional(),
  })
  .strict()
  .superRefine((patch, ctx) => {
    const changes = Object.keys(patch.theme ?? {}).length + Object.keys(patch.display ?? {}).length;
    if (changes === 0) ctx.addIssue({ code: 'custom', path: [], message: 'name at least one preference to change' });
    if (patch.theme?.mode && patch.display?.theme && patch.theme.mode !== patch.display.theme) {
      ctx.addIssue({ code: 'custom', path: ['display', 'theme'], message: 'must match theme.mode when both are sent' });
    }
  });
export type PreferencesPatch = z.input<typeof preferencesPatchSchema>;
