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

/**
 * The answer header naming the shared contract the server answers by (packages/shared/contract-version.mjs);
 * a page built with the same contract does not parse the answer again (docs/decisions/0056).
 */
export const CONTRACT_VERSION_HEADER = 'x-contract-version';

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

/**
 * Every page of the web app (docs/product/shell.md#route-table), one address each: the web app's routes
 * and links, and the
 * server, which answers any other address with its "Page not found" page and status 404.
 */
export const APP_PAGES = {
  home: '/',
  about: '/about',
  contact: '/contact',
  services: '/services',
  careers: '/careers',
  terms: '/terms',
  privacy: '/privacy',
  faq: '/faq',
  resources: '/resources',
  stories: '/stories',
  newsletterConfirm: MAILED_PAGES.newsletterConfirm,
  login: MAILED_PAGES.login,
  uiDemo: '/ui-demo',
  reactDemo: '/react-demo',
  devMailbox: '/dev/mailbox',
  dashboard: '/dashboard',
  completeProfile: '/complete-profile',
  profile: '/profile',
  contentAccess: '/content-access',
  analytics: '/analytics',
  trades: '/trades',
  desk: '/desk',
  achievements: '/achievements',
  settings: '/settings',
  /** The feature-flag test page; its address keeps the name of the original product's page. */
  featureFlags: '/email-blaster',
  unsubscribe: MAILED_PAGES.unsubscribe,
} as const;

/** The pages whose address carries one more segment: `/stories/<id>`, `/unsubscribe/<token>` (only so). */
const PAGES_WITH_A_SEGMENT: readonly string[] = [APP_PAGES.stories, APP_PAGES.unsubscribe];
const ONLY_WITH_A_SEGMENT: readonly string[] = [APP_PAGES.unsubscribe];

/** Whether a path (no query) is one of the web app's pages; a trailing slash is the same page. */
export function isAppPage(pathname: string): boolean {
  const path = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  if ((Object.values(APP_PAGES) as string[]).includes(path)) return !ONLY_WITH_A_SEGMENT.includes(path);
  const cut = path.lastIndexOf('/');
  return cut > 0 && cut < path.length - 1 && PAGES_WITH_A_SEGMENT.includes(path.slice(0, cut));
}

// Lengths of what people type: the contract's schemas keep them, and the forms' inputs carry them
// (`maxLength`), so a form cannot take more than the server keeps. Here because the landing page's
// contact form and the login page read them.

/** The longest e-mail address (RFC 5321's path limit less its brackets). */
export const EMAIL_MAX_LENGTH = 254;
/** A profile's name, phone, company and position (sign-up's name too). */
export const PROFILE_LIMITS = { nameMax: 120, phoneMax: 32, companyMax: 160, positionMax: 120 } as const;
/** The contact form. */
export const CONTACT_LIMITS = { nameMax: 200, subjectMax: 200, messageMax: 5_000 } as const;
