import { vi } from 'vitest';

type Handler = (body: unknown, init: RequestInit) => { status?: number; body?: unknown } | Promise<{ status?: number; body?: unknown }>;

/**
 * Replaces fetch with a table of `"METHOD /api/path"` handlers; unknown calls answer 404.
 * Returns the list of calls made, for assertions.
 */
export function mockApi(handlers: Record<string, Handler>) {
  const calls: Array<{ key: string; body: unknown; headers: Record<string, string> }> = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const key = `${init.method ?? 'GET'} ${url.pathname}`;
      const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ key, body, headers: (init.headers ?? {}) as Record<string, string> });
      const handler = handlers[key];
      const answer = handler ? await handler(body, init) : { status: 404, body: { success: false, error: 'Not found', code: 'NOT_FOUND' } };
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  return calls;
}

export function userFixture(overrides: Record<string, unknown> = {}) {
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
