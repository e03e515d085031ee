import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import type { PublicConfig } from '@tp/shared';

/** Test helpers for the public-site features: a fake API behind fetch, and a router + query client. */

export type Handler = (request: {
  method: string;
  url: string;
  body: unknown;
}) => { status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>;

export const testConfig = (overrides: Partial<PublicConfig> = {}): PublicConfig => ({
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
});

/** Routes fetch calls to handlers keyed by "METHOD /path"; unknown calls answer 404. Returns the call log. */
export function fakeApi(routes: Record<string, Handler>) {
  const calls: { method: string; url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.pathname : input.url;
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, url, body });
    const handler = routes[`${method} ${url.split('?')[0]}`];
    const answer = handler
      ? await handler({ method, url, body })
      : { status: 404, body: { success: false, error: 'The requested resource was not found.', code: 'NOT_FOUND' } };
    return new Response(JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

export function renderWithApp(element: ReactNode, { path = '/', routes = [] as RouteObject[] } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const router = createMemoryRouter([{ path: '/', element }, ...routes, { path: '*', element }], {
    initialEntries: [path],
  });
  return render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}
