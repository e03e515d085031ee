import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { APP_PAGES, isAppPage } from '@tp/shared';
import { routes } from './router';

/** Every path the route table declares, a parameter filled in (`/stories/:id` → `/stories/x`). */
function declaredPaths(table: RouteObject[]): string[] {
  return table.flatMap((route) => [
    ...(route.path && route.path !== '*' ? [route.path.replace(/:\w+/g, 'x')] : []),
    ...declaredPaths(route.children ?? []),
  ]);
}

describe('the route table and the server agree on what a page is', () => {
  it('every route is a page the server answers with 200, and every page has its route', () => {
    const declared = declaredPaths(routes);
    for (const path of declared) expect(isAppPage(path), path).toBe(true);
    const pages = Object.values(APP_PAGES).filter((page) => isAppPage(page));
    for (const page of pages) expect(declared, page).toContain(page);
    // the others get the app's "Page not found" (its `*` route) with status 404
    for (const path of ['/nope', '/stories/a/b', '/unsubscribe']) expect(isAppPage(path), path).toBe(false);
  });
});
