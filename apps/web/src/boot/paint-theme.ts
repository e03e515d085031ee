import { paintStoredTheme } from '@/lib/theme-paint';

// The blocking script in the <head> of prerendered pages (built by scripts/prerender.mjs).
paintStoredTheme();
