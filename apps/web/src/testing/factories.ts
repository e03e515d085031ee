import type { AuthSession, ContentFile, FileStats, ListFilesResponse, PublicConfig, User } from '@tp/shared';
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
