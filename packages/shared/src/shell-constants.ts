/**
 * The constants the web app's shell reads (its entry chunk: header, footer, routes, layout, API client).
 * A module of their own because a bundler takes a module whole: constants.ts re-exports them, and
 * the rest of it, read by lazy screens and the server, stays out of the landing page's first load.
 */

export const TAGLINE = 'Gateway to Global Trading';
export const PRODUCT_NAME = 'Trading Portal';

/** The web app's pages that e-mails link to: the server writes these links, the web app routes them. */
export const MAILED_PAGES = {
  /** `?token=` a magic link's token, which the page posts (a mail scanner opening the link consumes nothing). */
  login: '/login',
  /** `?token=` a newsletter confirmation token. */
  newsletterConfirm: '/newsletter/confirm',
  /** `/<token>` a campaign recipient's signed unsubscribe token. */
  unsubscribe: '/unsubscribe',
} as const;

export const TIMEOUTS_MS = {
  genericClient: 10_000,
  auth: 15_000,
  health: 5_000,
  email: 15_000,
  content: 30_000,
  upload: 60_000,
  login: 15_000,
  persistRestore: 5_000,
  externalUiPackage: 5_000,
  lazyChunk: 120_000,
} as const;

export const RETRIES = {
  genericClient: { attempts: 3, delayMs: 1_000 },
  /** Data loading with retry: waits of 2, 4 and 8 seconds. */
  dataLoadingDelaysMs: [2_000, 4_000, 8_000],
  login: 1,
} as const;

export const BREAKPOINTS = { xs: 480, sm: 640, md: 768, lg: 1024, xl: 1280 } as const;
export type BreakpointName = 'xs' | 'sm' | 'md' | 'lg' | 'xl' | '2xl';
export const SIDEBAR = { mobileMaxWidth: 768, widthPx: 280, slideMs: 300 } as const;
export const VIEWPORT_DEBOUNCE_MS = 16;
