import { StrictMode, type ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/router';
import { SIGNED_IN_SHELLS, SignedInShell } from './app/signed-in-shell';
import { documentTitle, routeTitle } from './lib/document-title';
import { paths } from './lib/paths';
import { queryClient } from './lib/query-client';

/**
 * The public pages built as HTML (docs/decisions/0013, 0024): the landing page, sign-in, the stories
 * list and the footer pages. Each looks the same for every first-time visitor; the server sends one
 * for its exact address without a query string, and main.tsx hydrates it.
 */
export const PRERENDERED_PATHS = [
  paths.home,
  // what a visitor types into sign-in before the app runs is kept (useTypedBeforeStart)
  paths.login,
  paths.stories,
  paths.about,
  paths.contact,
  paths.services,
  paths.careers,
  paths.terms,
  paths.privacy,
  paths.faq,
  paths.resources,
] as const;

/** The tab title of a path, as the app names it (its route's title). */
export function titleOf(path: string): string {
  const matches = matchRoutes(routes, path) ?? [];
  return documentTitle(routeTitle(matches.map((match) => ({ handle: match.route.handle }))));
}

/**
 * Renders a public page to HTML at build time (scripts/prerender.mjs), as a first-time visitor
 * sees it before any data has answered: the browser paints it before the JavaScript arrives, and
 * main.tsx hydrates it. Waits for every lazy route and component, so the HTML is complete.
 */
export async function prerender(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`prerender ${path}: answered ${context.status}`);
  if (context.errors)
    throw new Error(
      `prerender ${path}: ${Object.values(context.errors)
        .map((e) => (e instanceof Error ? `${e.message} ${String(e.cause)}` : String(e)))
        .join('; ')}`,
    );
  const router = createStaticRouter(handler.dataRoutes, context);
  return htmlOf(
    <AppProviders>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </AppProviders>,
  );
}

/** The complete HTML of an element, with no query left behind for the next page. */
async function htmlOf(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(<StrictMode>{element}</StrictMode>);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  // each page is a first visit; and the queries' garbage-collection timers (5 min) would keep the
  // build's process alive that long after the last page
  queryClient.clear();
  return html;
}

/** The signed-in pages with a prerendered shell (app/signed-in-shell.tsx). */
export const SHELL_PATHS = Object.keys(SIGNED_IN_SHELLS);

/**
 * Renders the shell of a signed-in page to HTML (lib/app-shell.ts): the header, the sidebar's column
 * and the heading, painted before the app runs; the app replaces it, it is not hydrated.
 */
export function prerenderSignedInShell(path: string): Promise<string> {
  return htmlOf(<SignedInShell path={path} />);
}
