// The blocking script of every page must stay ≈ 1 KB: through the auth feature's index it would
// carry the whole feature (39 KB), so it reads the token store's own module.
// eslint-disable-next-line boundaries/restricted-paths
import { readTokens } from '@/features/auth/token-storage';
import { markSignedOut } from '@/lib/app-shell';
import { paintStoredTheme } from '@/lib/theme-paint';

// The blocking script in the <head> of every built page (built by scripts/prerender.mjs; on the dev
// server a module script before the entry, vite.config.ts): the app itself does not paint the theme.
// It also tells a signed-in page's prerendered shell whether a session may follow (lib/app-shell).
paintStoredTheme();
markSignedOut(Boolean(readTokens().token));
