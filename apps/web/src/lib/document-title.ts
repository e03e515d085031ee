import { useEffect, useLayoutEffect } from 'react';
import { useMatches } from 'react-router';
import { PRODUCT_NAME, TAGLINE } from '@tp/shared';

/** The landing page's tab title (index.html's). */
export const HOME_TITLE = `${PRODUCT_NAME} — ${TAGLINE}`;

/** A page's tab title: "Stories · Trading Portal"; the landing page's without a page name. */
export function documentTitle(page?: string): string {
  return page ? `${page} · ${PRODUCT_NAME}` : HOME_TITLE;
}

/**
 * Names the tab after what the page shows once it knows (a story's headline). The layout names it
 * after the route first (its layout effect runs before this page's effect), so this one wins.
 */
export function usePageTitle(page: string | undefined): void {
  useEffect(() => {
    if (page) document.title = documentTitle(page);
  }, [page]);
}

/** What a route tells the layout (`handle` in the route table): its tab title. */
export interface RouteHandle {
  title?: string;
}

/** The tab title of the deepest matched route that names one. */
export function routeTitle(matches: ReadonlyArray<{ handle: unknown }>): string | undefined {
  return matches
    .map((match) => (match.handle as RouteHandle | undefined)?.title)
    .filter(Boolean)
    .at(-1);
}

/** The layout: names the tab after the route (before the page's own usePageTitle runs). */
export function useRouteTitle(): void {
  const page = routeTitle(useMatches());
  useLayoutEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
