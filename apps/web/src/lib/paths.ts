import { APP_PAGES } from '@tp/shared';

/**
 * Every address of the app (docs/product/shell.md#route-table; the table is shared with the server,
 * which answers any other
 * address with status 404): the route table, links, redirects and tests use these names, so a path
 * is written once.
 */
export const paths = APP_PAGES;

/** The unsubscribe page of a campaign message's footer link; `unsubscribePath(':token')` is the route's pattern. */
export const unsubscribePath = (token: string) => `${paths.unsubscribe}/${token}`;
/** The login page in sign-up mode, with the plan chosen on the pricing section when there is one. */
export const signUpPath = (plan?: string) =>
  `${paths.login}?${new URLSearchParams(plan ? { mode: 'signup', plan } : { mode: 'signup' }).toString()}`;

/** One story; `storyPath(':id')` is the route's pattern. */
export const storyPath = (id: string) => `${paths.stories}/${id}`;

/**
 * Paths shown without the sidebar (docs/product/shell.md#sidebar): the landing page, about, contact
 * and the stories.
 */
export function isLandingPath(pathname: string): boolean {
  return (
    pathname === paths.home ||
    pathname === paths.about ||
    pathname === paths.contact ||
    pathname === paths.stories ||
    pathname.startsWith(`${paths.stories}/`)
  );
}
