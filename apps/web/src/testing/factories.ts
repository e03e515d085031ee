import {
  DAILY_GOALS,
  DEFAULT_THEME_PREFERENCES,
  levelForXp,
  licenseFor,
  progressBand,
  progressOfGoals,
  QUICK_ACTIONS,
  type ActivityResponse,
  type DailyGoalId,
  type AuthSession,
  type ContentFile,
  type FileStats,
  type ListFilesResponse,
  type Instrument,
  type LicenseState,
  type LicenseType,
  type Portfolio,
  type Position,
  type UserPreferencesResponse,
  type PublicConfig,
  type Quote,
  type Order,
  type User,
} from '@tp/shared';
import type { ApiRoute } from './mock-api';

/** A user as GET /api/auth/me answers it; incomplete profile unless overridden. */
export function buildUser(overrides: Partial<Omit<User, 'profile'>> = {}): User {
  const base = {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'ada@example.com',
    name: 'Ada Lovelace',
    phone: '',
    company: '',
    position: '',
    plan: 'free',
    role: 'user',
    timezone: 'UTC',
    createdAt: '2026-11-01T10:00:00.000Z',
    profileComplete: false,
    isEmailVerified: true,
    emailVerified: true,
    contentCount: 0,
    viewCount: 0,
    ...overrides,
  };
  return { ...base, profile: { phone: base.phone, company: base.company, position: base.position } };
}

/** A user whose profile is complete (what RequireAuth lets through). */
export const buildCompleteUser = (overrides: Partial<Omit<User, 'profile'>> = {}) =>
  buildUser({ phone: '1', company: 'A', position: 'B', profileComplete: true, ...overrides });

/** GET /api/config as a server with every flag off and the spec's pricing answers it. */
export function buildPublicConfig(overrides: Partial<PublicConfig> = {}): PublicConfig {
  return {
    features: {
      enhancedComponents: false,
      emailComposer: false,
      dashboard: false,
      state: false,
      services: false,
      typedApi: false,
      realTimeData: false,
      optimisticUpdates: false,
      devTools: false,
      performanceMonitoring: false,
    },
    auth: { magicLink: true, password: false, social: false },
    chat: { provider: 'none', websiteId: null, baseUrl: null },
    pricing: [
      { id: 'developer', name: 'Developer', pricePerMonth: 49, currency: 'USD' },
      { id: 'team', name: 'Team', pricePerMonth: 149, currency: 'USD' },
      { id: 'enterprise', name: 'Enterprise', pricePerMonth: 499, currency: 'USD' },
    ],
    readingToolAccountId: null,
    devMailbox: true,
    supportEmail: 'help@portal.test',
    socialLinks: [],
    ...overrides,
  };
}

/** One signed-in device as GET /api/auth/sessions lists it. */
export function buildSession(overrides: Partial<AuthSession> = {}): AuthSession {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    userAgent: '',
    ipAddress: '203.0.113.7',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastSeenAt: '2026-11-22T10:00:00.000Z',
    expiresAt: '2026-12-20T10:00:00.000Z',
    rememberMe: true,
    current: false,
    ...overrides,
  };
}

/**
 * Stores a session for `user` (remembered: localStorage, else sessionStorage) and gives the route
 * that restores it, to spread into mockApi: `mockApi({ ...signedInAs(user), ... })`.
 */
export function signedInAs(user: User, { remember = true } = {}): Record<string, ApiRoute> {
  const storage = remember ? localStorage : sessionStorage;
  storage.setItem('tp.auth.token', 'access-token');
  storage.setItem('tp.auth.refreshToken', 'refresh-token');
  return {
    'GET /api/auth/me': { body: { user, profileComplete: user.profileComplete } },
    // the app's layout reads the signed-in user's theme from the server (features/settings/theme-sync)
    'GET /api/me/preferences': { body: buildPreferences() },
  };
}

/** An instrument as GET /api/market/instruments lists it (AAPL's rules unless overridden). */
export function buildInstrument(overrides: Partial<Instrument> = {}): Instrument {
  return {
    symbol: 'AAPL',
    name: 'Apple Inc.',
    class: 'equity',
    currency: 'USD',
    tickSize: '0.01',
    quantityUnit: 'share',
    lotSize: '1',
    priceUnit: 'share',
    minQuantity: '1',
    quantityStep: '1',
    maxQuantity: '100000',
    integerQuantity: true,
    ...overrides,
  };
}

/**
 * An instrument traded in lots of `lotSize` units of `priceUnit`, as the server lists its FX pairs
 * (100,000 EUR) and commodities (50,000 lb of cotton): from 0.01 lot in steps of 0.01.
 */
export function buildLotInstrument(
  symbol: string,
  lotSize: string,
  priceUnit: string,
  overrides: Partial<Instrument> = {},
): Instrument {
  return buildInstrument({
    symbol,
    name: symbol,
    class: /^[A-Z]{3}$/.test(priceUnit) ? 'fx' : 'commodity',
    tickSize: '0.0001',
    quantityUnit: 'lot',
    lotSize,
    priceUnit,
    minQuantity: '0.01',
    quantityStep: '0.01',
    maxQuantity: '50',
    integerQuantity: false,
    ...overrides,
  });
}

/** A quote of the second, as the market data call and the socket send it. */
export function buildQuote(overrides: Partial<Quote> = {}): Quote {
  return {
    symbol: 'AAPL',
    price: '230.10',
    bid: '230.09',
    ask: '230.11',
    changePercent: 0.42,
    volume: 1_250_000,
    timestamp: '2026-11-23T13:00:00.000Z',
    ...overrides,
  };
}

/** An order as the trading API answers it: a filled market buy of 10 AAPL unless overridden. */
export function buildOrder(overrides: Partial<Order> = {}): Order {
  return {
    id: '22222222-2222-4222-8222-222222222222',
    symbol: 'AAPL',
    side: 'buy',
    quantity: '10',
    price: '230.11',
    status: 'filled',
    timestamp: '2026-11-23T13:00:00.000Z',
    type: 'market',
    limitPrice: null,
    stopPrice: null,
    timeInForce: 'day',
    filledQuantity: '10',
    avgFillPrice: '230.11',
    fees: '0.00',
    rejectCode: null,
    rejectReason: null,
    triggeredAt: null,
    expiresAt: '2026-11-24T00:00:00.000Z',
    source: 'user',
    createdAt: '2026-11-23T13:00:00.000Z',
    updatedAt: '2026-11-23T13:00:00.000Z',
    ...overrides,
  };
}

/** GET /api/trades answering `data` as the first page of `total` orders. */
export const orderList = (data: Order[], total = data.length) => ({
  body: {
    data,
    timestamp: '2026-11-23T13:00:00.000Z',
    pagination: { total, limit: 10, offset: 0, hasMore: total > data.length },
  },
});

/** A position of the portfolio answer. */
export function buildPosition(overrides: Partial<Position> = {}): Position {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    symbol: 'AAPL',
    quantity: '10',
    reservedQuantity: '0',
    avgCost: '230.11',
    costBasis: '2301.10',
    marketPrice: '231.00',
    marketValue: '2310.00',
    unrealizedPnl: '8.90',
    unrealizedPnlPercent: 0.39,
    realizedPnl: '0.00',
    dayChange: '8.90',
    stopLoss: null,
    takeProfit: null,
    openedAt: '2026-11-23T13:00:00.000Z',
    updatedAt: '2026-11-23T13:00:00.000Z',
    ...overrides,
  };
}

/** GET /api/portfolio of a fresh account (100,000 USD, nothing held) unless overridden. */
export function buildPortfolio(overrides: Partial<Portfolio> = {}): Portfolio {
  return {
    totalValue: '100000.00',
    cashBalance: '100000.00',
    dayChange: '0.00',
    dayChangePercent: 0,
    positions: [],
    accountId: '44444444-4444-4444-8444-444444444444',
    currency: 'USD',
    reservedCash: '0.00',
    openingCash: '100000.00',
    realizedPnl: '0.00',
    unrealizedPnl: '0.00',
    charges: { commissionPerOrder: '0.00', commissionRate: '0', slippageRate: '0' },
    ...overrides,
  };
}

/** The `{data, timestamp}` envelope of the trading and market answers. */
export const envelope = <T>(data: T) => ({ body: { data, timestamp: '2026-11-23T13:00:00.000Z' } });

/** When each goal of the factories' day (2026-11-23) was done: sign-in, Analytics, an upload. */
const GOAL_TIMES: Record<DailyGoalId, string> = {
  'daily-login': '2026-11-23T09:00:00.000Z',
  'check-analytics': '2026-11-23T09:30:00.000Z',
  'upload-content': '2026-11-23T10:00:00.000Z',
};

/**
 * GET /api/me/activity as the server answers it when the goals in `done` were really done today:
 * a new user (first sign-in, streak 1, only the Daily Login done, 33 %) unless overridden. XP is
 * what those events earn.
 */
export function buildActivity({
  done = ['daily-login'],
  ...overrides
}: Partial<ActivityResponse> & { done?: DailyGoalId[] } = {}): ActivityResponse {
  const goals = DAILY_GOALS.map((goal) => ({
    id: goal.id,
    label: goal.label,
    status: done.includes(goal.id) ? ('done' as const) : ('pending' as const),
    completedAt: done.includes(goal.id) ? GOAL_TIMES[goal.id] : null,
  }));
  const percent = progressOfGoals(done.length);
  const band = progressBand(percent);
  const xpOf = { 'daily-login': 5, 'check-analytics': 5, 'upload-content': 10 } as const;
  const xpToday = done.reduce((total, id) => total + xpOf[id], 0);
  const quickActionsEarned = overrides.quickActionsEarned ?? [];
  const quickXp = QUICK_ACTIONS.filter((a) => quickActionsEarned.includes(a.id)).reduce((t, a) => t + a.xp, 0);
  const xp = xpToday + quickXp;
  return {
    date: '2026-11-23',
    timeZone: 'UTC',
    timeZoneSource: 'browser',
    streak: { current: 1, longest: 1, lastVisitDate: '2026-11-23' },
    xp: { total: xp, today: xp },
    level: { ...levelForXp(xp) },
    progress: {
      percent,
      goalsDone: done.length,
      goalsTotal: DAILY_GOALS.length,
      band: { id: band.id, message: band.message },
      completedAt: done.length === DAILY_GOALS.length ? GOAL_TIMES['upload-content'] : null,
    },
    goals,
    quickActionsEarned,
    analyticsOpened: done.includes('check-analytics'),
    counts: { files: done.includes('upload-content') ? 1 : 0, views: 0, streak: 1 },
    recent: [],
    ...overrides,
  };
}

/** GET /api/me/preferences with the defaults (dark, UTC chosen by nobody yet). */
export function buildPreferences(overrides: Partial<UserPreferencesResponse> = {}): UserPreferencesResponse {
  return {
    theme: { ...DEFAULT_THEME_PREFERENCES },
    display: { theme: 'dark', language: 'en', timezone: 'UTC', timezoneSource: 'default' },
    links: { trading: '/api/preferences/trading' },
    homeCurrency: 'USD',
    lastSyncTime: null,
    ...overrides,
  };
}

/** GET /api/me/license for `type` (no license: the base feature set). */
export function buildLicenseState(type: LicenseType = 'none', overrides: Partial<LicenseState> = {}): LicenseState {
  return {
    status: type === 'none' ? 'none' : 'active',
    license: licenseFor(type),
    warning: null,
    error: null,
    ...overrides,
  };
}

/** A file of the content hub as GET /api/content/files lists it (private, a PDF, unless overridden). */
export function buildContentFile(overrides: Partial<ContentFile> = {}): ContentFile {
  const id = overrides.id ?? '22222222-2222-4222-8222-000000000001';
  return {
    id,
    name: 'invoice-2291.pdf',
    size: 524_288,
    type: 'application/pdf',
    category: 'document',
    isPublic: false,
    description: '',
    tags: [],
    createdAt: '2026-11-22T10:00:00.000Z',
    views: 0,
    url: `/api/content/access/${id}?expires=1&signature=s`,
    downloadUrl: `/api/content/download/${id}?expires=1&signature=s`,
    ...overrides,
  };
}

/** GET /api/content/files answering `files` as one page. */
export function buildFileList(
  files: ContentFile[],
  { page = 1, limit = 20, total = files.length } = {},
): ListFilesResponse {
  return {
    files,
    pagination: { page, limit, total, hasNext: page * limit < total, hasPrev: page > 1 },
    sessionCount: 0,
    historicalCount: total,
    count: files.length,
  };
}

/** GET /api/content/files/stats of a library holding `files`. */
export function buildFileStats(files: ContentFile[] = []): { stats: FileStats; message: string } {
  const categories = { image: 0, video: 0, document: 0, audio: 0, other: 0 };
  for (const file of files) categories[file.category] += 1;
  return {
    stats: {
      sessionUploads: 0,
      totalFiles: files.length,
      totalSize: files.reduce((sum, file) => sum + file.size, 0),
      categories,
      recentActivity: files
        .slice(0, 10)
        .map(({ id, name, category, createdAt }) => ({ id, name, category, createdAt })),
    },
    message: 'File statistics',
  };
}
