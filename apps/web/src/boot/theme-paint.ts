import { paintStoredTheme } from '@/lib/theme-paint';

// The blocking script in the <head> of every built page (built by scripts/prerender.mjs; on the dev
// server a module script before the entry, vite.config.ts): the app itself does not paint the theme.
paintStoredTheme();
