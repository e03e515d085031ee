import { useContext, useMemo, useSyncExternalStore } from 'react';
import { ThemeContext } from './theme-boot';
import type { FontSize, ReducedMotionSetting, ThemeMode, ThemeState, ThemeToken } from './theme-paint';
import { getThemeStore, type ThemeStore } from './theme-store';

/** The theme controls' view of the theme store (./theme-store), read through ThemeProvider (./theme-boot). */
export interface ThemeApi extends ThemeState {
  resolvedMode: 'dark' | 'light';
  setMode(mode: ThemeMode): void;
  setPrimaryColor(color: string | null): void;
  setFontSize(size: FontSize): void;
  setAnimations(on: boolean): void;
  setReducedMotion(setting: ReducedMotionSetting): void;
  setHighContrast(on: boolean): void;
  setCustomColors(colors: Partial<Record<ThemeToken, string>>): void;
  reset(): void;
}

/** The theme store of the nearest ThemeProvider (the app's own unless a test gave one). */
export function useThemeStore(): ThemeStore {
  const context = useContext(ThemeContext);
  if (!context) throw new Error('useTheme must be used within a ThemeProvider');
  return context.store ?? getThemeStore();
}

export function useTheme(): ThemeApi {
  const store = useThemeStore();
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return useMemo(
    () => ({
      ...state,
      resolvedMode: store.getResolvedMode(),
      setMode: (mode) => store.update({ mode }),
      setPrimaryColor: (primaryColor) => store.update({ primaryColor }),
      setFontSize: (fontSize) => store.update({ fontSize }),
      setAnimations: (animations) => store.update({ animations }),
      setReducedMotion: (reducedMotionSetting) => store.update({ reducedMotionSetting }),
      setHighContrast: (highContrast) => store.update({ highContrast }),
      setCustomColors: (customColors) => store.update({ customColors }),
      reset: () => store.reset(),
    }),
    [state, store],
  );
}
