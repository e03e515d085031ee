import { createContext, useState, type ReactNode } from 'react';
import type { ThemeStore } from './theme-store';

/**
 * The part of the theme the shell needs (kept tiny). Every page has painted <html> from the stored
 * preferences before the app starts: a blocking script in the <head> of every built page
 * (scripts/prerender.mjs, from src/boot/theme-paint.ts; on the dev server a module script before the
 * entry, vite.config.ts), so the entry does without that code. This loads the full theme store
 * (./theme-store) that keeps following the system.
 */
export interface ThemeContextValue {
  store?: ThemeStore;
}
export const ThemeContext = createContext<ThemeContextValue | null>(null);

/** Hands the page's theme over to the full theme store. `useTheme` (./theme) reads it. */
export function ThemeProvider({ children, store }: { children: ReactNode; store?: ThemeStore }) {
  const [value] = useState<ThemeContextValue>(() => {
    if (!store && typeof window !== 'undefined') {
      // the store keeps auto mode and reduced motion in step with the system
      void import('./theme-store').then((m) => m.getThemeStore());
    }
    return { store };
  });
  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}
