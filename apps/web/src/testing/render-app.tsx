import { StrictMode, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider, useLocation, type RouteObject } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createNotificationStore } from '@/lib/notification-store';
import { createPersistor } from '@/lib/persist';
import { createQueryClient } from '@/lib/query-client';
import { createThemeStore } from '@/lib/theme-store';

export interface RenderAppOptions {
  /** Where the router starts, with its query string: '/newsletter/confirm?token=abc'. */
  path?: string;
  /** The navigation state at `path`. */
  state?: unknown;
  /** Renders in StrictMode, as the app does (effects run twice). */
  strict?: boolean;
  /**
   * Renders the screens to HTML first, as the build prerenders a page, lets `beforeStart` act on
   * that HTML (type into it, focus it) as a visitor does before the app runs, then hydrates it.
   */
  beforeStart?: (root: HTMLElement) => void;
  /** Where the theme keeps the visitor's choice (e.g. `localStorage`); none by default. */
  themeStorage?: Storage | null;
  /** The query cache, e.g. one holding a page's first reads (`withFirstReads`); a fresh one by default. */
  queryClient?: QueryClient;
}

/** Shows where the router is: the path, then the navigation state as JSON. */
export function LocationProbe() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname}
      {JSON.stringify(location.state ?? null)}
    </p>
  );
}

/**
 * Renders screens as the app does: a memory router inside the app's providers (theme, toasts,
 * session, global loading) and a query client with the app's defaults. `screens` is one element
 * (shown at every path) or a route table; any path the table does not name shows LocationProbe.
 * The theme and notification stores are fresh per render (returned as `theme` and `notifications`)
 * and touch neither <html> nor storage unless `themeStorage` is given (the theme paints a detached
 * <html>, returned as `themeRoot`).
 */
export function renderApp(
  screens: ReactNode | RouteObject[],
  { path = '/', state, strict = false, beforeStart, themeStorage = null, queryClient }: RenderAppOptions = {},
) {
  const routes: RouteObject[] = Array.isArray(screens)
    ? [...screens, { path: '*', element: <LocationProbe /> }]
    : [{ path: '*', element: screens }];
  const url = new URL(path, 'http://localhost');
  const app = () => {
    const router = createMemoryRouter(routes, {
      initialEntries: [{ pathname: url.pathname, search: url.search, state }],
    });
    const themeRoot = document.createElement('html');
    const theme = createThemeStore({ persistor: createPersistor({ storage: themeStorage }), root: themeRoot });
    const notifications = createNotificationStore();
    const tree = (
      <QueryClientProvider client={queryClient ?? createQueryClient()}>
        <AppProviders theme={theme} notifications={notifications}>
          <RouterProvider router={router} />
        </AppProviders>
      </QueryClientProvider>
    );
    // the theme store and the detached <html> it paints, for tests of the theme; the toasts shown
    return { router, theme, themeRoot, notifications, ui: strict ? <StrictMode>{tree}</StrictMode> : tree };
  };
  if (beforeStart) {
    const container = document.body.appendChild(document.createElement('div'));
    container.innerHTML = renderToString(app().ui);
    beforeStart(container);
    const { ui, ...started } = app();
    return { ...render(ui, { container, hydrate: true }), ...started };
  }
  const { ui, ...started } = app();
  return { ...render(ui), ...started };
}
