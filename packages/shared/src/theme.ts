/**
 * The theme's vocabulary, free of zod: the web app's blocking theme script imports it
 * (`@tp/shared/theme`) without the schema library, and the preferences contract builds on it.
 */

export const THEME_MODES = ['light', 'dark', 'auto'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];

export const FONT_SIZES = ['sm', 'md', 'lg'] as const;
export type FontSize = (typeof FONT_SIZES)[number];

/** "system" follows prefers-reduced-motion; "on" and "off" override it (docs/product/settings.md#appearance). */
export const REDUCED_MOTION = ['system', 'on', 'off'] as const;
export type ReducedMotionSetting = (typeof REDUCED_MOTION)[number];

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
export type ThemeToken = (typeof THEME_TOKENS)[number];
