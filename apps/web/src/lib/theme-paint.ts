/**
 * The theme as far as painting <html> goes, without React: the shell's ThemeProvider uses it, and
 * the web build turns it into the small blocking script of prerendered pages (scripts/prerender.mjs),
 * so a stored light theme is painted before the prerendered page first shows.
 */
import {
  THEME_TOKENS,
  type FontSize,
  type ReducedMotionSetting,
  type ThemeMode,
  type ThemeToken,
} from '@tp/shared/theme';

export { THEME_TOKENS, type FontSize, type ReducedMotionSetting, type ThemeMode, type ThemeToken };

export interface ThemeState {
  mode: ThemeMode;
  primaryColor: string | null;
  fontSize: FontSize;
  animations: boolean;
  /** The user's choice: follow the system, or always / never reduce motion. */
  reducedMotionSetting: ReducedMotionSetting;
  /** In force: the setting resolved through the system's prefers-reduced-motion; not persisted. */
  reducedMotion: boolean;
  highContrast: boolean;
  customColors: Partial<Record<ThemeToken, string>>;
}

export const THEME_STORAGE_KEY = 'tp.ui.v1'; // = PERSIST_KEY (./persist), kept here so the shell does not load it
export const DARK_QUERY = '(prefers-color-scheme: dark)';
export const MOTION_QUERY = '(prefers-reduced-motion: reduce)';
const FONT_SCALE: Record<string, string> = { sm: '87.5%', lg: '112.5%' };

export function isCssColor(value: unknown): value is string {
  if (typeof value !== 'string' || value.length === 0 || value.length > 64) return false;
  if (typeof CSS !== 'undefined' && typeof CSS.supports === 'function') return CSS.supports('color', value);
  return /^(#[0-9a-f]{3,8}|(rgb|hsl|oklch)a?\([^;{}]*\))$/i.test(value);
}

/**
 * Text colour for a chosen primary colour (buttons and badges print on it): near-black or white,
 * whichever contrasts more. Only hex colours are measured; others keep the theme's accent text colour.
 */
export function readableOn(color: string): string | undefined {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color)?.[1];
  if (!hex) return undefined;
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join('') : hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(full.slice(i, i + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // contrast with white (1.05 / (L + 0.05)) against with #04111d (L ≈ 0.0055)
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.0555 ? '#ffffff' : '#04111d';
}

/** Whether motion is reduced: the user's override, else the system's preference. */
export function resolveReducedMotion(setting: unknown, systemReduce: boolean): boolean {
  return setting === 'on' || (setting !== 'off' && systemReduce);
}

/** Applies a theme to <html>; safe with unchecked stored values (anything unknown is the default). */
export function applyTheme(root: HTMLElement, state: Partial<ThemeState>, systemDark: boolean): 'dark' | 'light' {
  const mode = state.mode === 'light' || (state.mode === 'auto' && !systemDark) ? 'light' : 'dark';
  const contrast = state.highContrast === true;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.classList.toggle('high-contrast', contrast);
  const reduce = state.reducedMotion === true || state.animations === false;
  root.classList.toggle('reduce-motion', reduce);
  // "never reduce motion": the stylesheet's prefers-reduced-motion rule stands aside
  root.classList.toggle('allow-motion', !reduce && state.reducedMotionSetting === 'off');
  root.style.fontSize = FONT_SCALE[String(state.fontSize)] ?? '';
  const primary = isCssColor(state.primaryColor) ? state.primaryColor : null;
  for (const token of THEME_TOKENS) {
    const custom =
      token === 'accent' && primary
        ? primary
        : (state.customColors?.[token] ?? (token === 'accent-fg' && primary ? readableOn(primary) : undefined));
    // high contrast wins over custom colours
    if (!contrast && isCssColor(custom)) root.style.setProperty(`--tp-${token}`, custom);
    else root.style.removeProperty(`--tp-${token}`);
  }
  return mode;
}

/** Paints the stored theme on <html>: run before the first paint (prerendered pages) and by ThemeProvider. */
export function paintStoredTheme(): void {
  let stored: Partial<ThemeState> = {};
  try {
    stored = JSON.parse(localStorage.getItem(THEME_STORAGE_KEY) ?? '{}')?.slices?.theme ?? {};
  } catch {
    // unreadable or blocked storage: defaults
  }
  const media = (query: string) => window.matchMedia?.(query).matches ?? false;
  applyTheme(
    document.documentElement,
    { ...stored, reducedMotion: resolveReducedMotion(stored.reducedMotionSetting, media(MOTION_QUERY)) },
    media(DARK_QUERY) || !window.matchMedia,
  );
}
