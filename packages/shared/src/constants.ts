/** Business constants (docs/product/README.md#numbers-and-limits). One definition, used by server and web. */

export * from './shell-constants';

export const POLLING_MS = {
  trades: 30_000,
  portfolio: 10_000,
  marketData: 5_000,
  quote: 5_000,
} as const;

/**
 * The request header carrying the browser's zone (`Intl.DateTimeFormat().resolvedOptions().timeZone`).
 * Here, not beside the zone's schemas: the web client's first reads send it before zod has loaded.
 */
export const TIME_ZONE_HEADER = 'x-time-zone';

export const CACHE_MS = { genericGet: 5 * 60_000, search: 600_000 } as const;

export const NOTIFICATIONS = {
  autoCloseMs: 5_000,
  tickMs: 100,
  exitMs: 300,
  maxKept: 10,
  sectionChangedMs: 2_000,
  filesAddedMs: 3_000,
  fileRemovedMs: 2_000,
  downloadStartedMs: 2_000,
} as const;

export const UPLOAD_LIMITS = {
  contentManagerMaxBytes: 26_214_400,
  fileListMaxBytes: 10_485_760,
  fileListMaxFiles: 10,
} as const;

/**
 * The sanitizer's strict preset (docs/product/ui-layer.md#sanitizer-presets): these basic text tags,
 * no attributes. Web and server use it.
 */
export const SANITIZE_STRICT_TAGS = [
  'b',
  'strong',
  'i',
  'em',
  'u',
  's',
  'mark',
  'small',
  'sub',
  'sup',
  'code',
  'p',
  'br',
  'span',
] as const;

export const FILE_LIST = { defaultLimit: 20, pageSizeDefault: 10, pageSizeMax: 100 } as const;
export const SIGNED_URL_DEFAULT_SECONDS = 3_600;
/** Longest life of a signed file link: seven days. */
export const SIGNED_URL_MAX_SECONDS = 7 * 24 * 3_600;

export const SEARCH = {
  defaultLimit: 20,
  maxResults: 50,
  debounceMs: 300,
  rateLimit: 60,
  cacheTtlMs: 600_000,
  maxConcurrentRequests: 3,
  retries: 2,
  retryDelayMs: 1_000,
  recentShown: 5,
  recentKept: 10,
  interfaceDelayMs: 100,
} as const;

export const DASHBOARD = {
  streakBadgeAbove: 5,
  initialStreak: 7,
  initialProgress: 65,
  maxProgress: 100,
  quickTradeQuantity: 10,
  recentTradesShown: 5,
  recentTradesFetched: 10,
  refetchAfterTradeMs: 1_000,
  symbols: ['AAPL', 'GOOGL', 'MSFT', 'TSLA', 'AMZN'],
} as const;

export const PROFILE_REDIRECT_DELAY_MS = 1_500;

export const CHAT = {
  openDays: [1, 2, 3, 4, 5],
  openHour: 9,
  closeHour: 18,
  checkEveryMs: 60_000,
  buttonDelayMs: 3_000,
} as const;

export const AUTH = {
  magicLinkTtlMs: 10 * 60_000,
  sessionTokenTtlMs: 5 * 60_000,
  accessTokenTtlSeconds: 15 * 60,
  refreshGraceMs: 10_000,
  rememberMeLifetimeMs: 30 * 24 * 60 * 60_000,
  defaultLifetimeMs: 24 * 60 * 60_000,
  /** Sign-in links to one address, sign-up and sign-in together (docs/decisions/0036). */
  magicLinkCooldownSeconds: 30,
  magicLinkPerAddressPerHour: 20,
  perIpPerHour: 30,
} as const;

export const CONTACT_RATE_LIMIT_PER_HOUR = 10;
export const CONTACT_SUBJECT = 'Contact Form Submission - Trading Portal';

export const PRICING_TIERS = [
  { id: 'developer', name: 'Developer', pricePerMonth: 49 },
  { id: 'team', name: 'Team', pricePerMonth: 149 },
  { id: 'enterprise', name: 'Enterprise', pricePerMonth: 499 },
] as const;

/** Flags for the enhanced layer: all off unless FEATURE_<NAME>=true is set on the server. */
export const FEATURE_FLAGS = [
  'enhancedComponents',
  'emailComposer',
  'dashboard',
  'state',
  'services',
  'typedApi',
  'realTimeData',
  'optimisticUpdates',
  'devTools',
  'performanceMonitoring',
] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export const PLACEHOLDER_CONTACT_LISTS = [
  { id: 'traders', name: 'traders', count: 245 },
  { id: 'investors', name: 'investors', count: 156 },
  { id: 'newsletter', name: 'newsletter', count: 1024 },
  { id: 'vip', name: 'vip', count: 42 },
] as const;
