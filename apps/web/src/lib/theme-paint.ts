/**
 * The theme as far as painting <html> goes, without React: the shell's ThemeProvider uses it, and
 * the web build turns it into the small blocking script of prerendered pages (scripts/prerender.mjs),
 * so a stored light theme is painted before the prerendered page first shows.
 */
export type ThemeMode = 'dark' | 'light' | 'auto';
export type FontSize = 'sm' | 'md' | 'lg';
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

export interface ThemeState {
  mode: ThemeMode;
  primaryColor: string | null;
  fontSize: FontSize;
  animations: boolean;
  /** Follows the system's prefers-reduced-motion; not persisted. */
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

/** Applies a theme to <html>; safe with unchecked stored values (anything unknown is the default). */
export function applyTheme(root: HTMLElement, state: Partial<ThemeState>, systemDark: boolean): 'dark' | 'light' {
  const mode = state.mode === 'light' || (state.mode === 'auto' && !systemDark) ? 'light' : 'dark';
  const contrast = state.highContrast === true;
  root.classList.toggle('dark', mode === 'dark');
  root.classList.toggle('light', mode === 'light');
  root.classList.toggle('high-contrast', contrast);
  root.classList.toggle('reduce-motion', state.reducedMotion === true || state.animations === false);
  root.style.fontSize = FONT_SCALE[String(state.fontSize)] ?? '';
  for (const token of THEME_TOKENS) {
    const custom = token === 'accent' && state.primaryColor ? state.primaryColor : state.customColors?.[token];
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
    { ...stored, reducedMotion: media(MOTION_QUERY) },
    media(DARK_QUERY) || !window.matchMedia,
  );
}
