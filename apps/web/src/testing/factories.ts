import {
  DAILY_GOALS,
  DEFAULT_THEME_PREFERENCES,
  licenseFor,
  type LicenseState,
  type LicenseType,
  type PreferencesResponse,
  goalReachedByProgress,
  goalShare,
  levelForXp,
  progressBand,
  type ActivityResponse,
  type AuthSession,
  type PublicConfig,
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
  return { 'GET /api/auth/me': { body: { user, profileComplete: user.profileComplete } } };
}

/**
 * GET /api/me/activity as the server answers it for `percent` progress today: a new user (first
 * visit, streak 1, only the Daily Login done) unless overridden.
 */
export function buildActivity({
  percent = 0,
  ...overrides
}: Partial<ActivityResponse> & { percent?: number } = {}): ActivityResponse {
  const goals = DAILY_GOALS.map((goal, index) => ({
    id: goal.id,
    label: goal.label,
    status: goal.id === 'daily-login' ? ('done' as const) : ('pending' as const),
    completedAt: goal.id === 'daily-login' ? '2026-11-23T09:00:00.000Z' : null,
    share: goalShare(index, DAILY_GOALS.length),
    reachedByProgress: goalReachedByProgress(percent, index, DAILY_GOALS.length),
  }));
  const band = progressBand(percent);
  const quickActions = percent / 10;
  const xpToday = 5 + quickActions * 2;
  return {
    date: '2026-11-23',
    timeZone: 'UTC',
    timeZoneSource: 'browser',
    streak: { current: 1, longest: 1, lastVisitDate: '2026-11-23' },
    xp: { total: xpToday, today: xpToday },
    level: { ...levelForXp(xpToday) },
    progress: {
      percent,
      band: { id: band.id, message: band.message },
      quickActions,
      completedAt: percent >= 100 ? '2026-11-23T10:00:00.000Z' : null,
    },
    goals,
    counts: { files: 0, views: 0, streak: 1 },
    recent: [],
    ...overrides,
  };
}

/** GET /api/me/preferences with the defaults (dark, UTC chosen by nobody yet). */
export function buildPreferences(overrides: Partial<PreferencesResponse> = {}): PreferencesResponse {
  return {
    theme: { ...DEFAULT_THEME_PREFERENCES },
    display: { theme: 'dark', language: 'en', timezone: 'UTC', timezoneSource: 'default' },
    links: { trading: '/api/preferences/trading' },
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
