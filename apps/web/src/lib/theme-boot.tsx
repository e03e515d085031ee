import { createContext, useState, type ReactNode } from 'react';
import type { ThemeStore } from './theme-store';
import { paintStoredTheme } from './theme-paint';

/**
 * The part of the theme the shell needs (kept tiny): paint <html> from the stored preferences
 * before the first render, then load the full theme store (./theme-store) that keeps following the system.
 */
export interface ThemeContextValue {
  store?: ThemeStore;
}
export const ThemeContext = createContext<ThemeContextValue | null>(null);

/** Paints the stored theme at once, then hands over to the full theme store. `useTheme` (./theme) reads it. */
export function ThemeProvider({ children, store }: { children: ReactNode; store?: ThemeStore }) {
  const [value] = useState<ThemeContextValue>(() => {
    if (!store && typeof window !== 'undefined') {
      paintStoredTheme();
      // the store keeps auto mode and reduced motion in step with the system
      void import('./theme-store').then((m) => m.getThemeStore());
    }
    return { store };
  });
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
