/**
 * The prerendered shell of a signed-in page (scripts/prerender.mjs, app/signed-in-shell.tsx): the
 * header, the sidebar's column and the page's heading as HTML, painted before the app's JavaScript
 * arrives. It stands beside the empty #root, which stays hidden while the shell is there (index.css);
 * the app removes the shell in the same commit that first shows a page (MainLayout or RouteError),
 * so the heading never blinks and nothing shifts.
 */
export const APP_SHELL_ID = 'app-shell';

/**
 * Whether the page renders for a prerendered shell or takes over from one still on screen: then the
 * parts the shell painted at once show at once in the app too, or they would blink at hand-over.
 * The shell renders at build time, where there is no document.
 */
export function appShellShowing(): boolean {
  return typeof document === 'undefined' || document.getElementById(APP_SHELL_ID) !== null;
}

/** Removes the shell, once the app shows a page of its own (or knows there is no session). */
export function removeAppShell(): void {
  document.getElementById(APP_SHELL_ID)?.remove();
}

/**
 * Marks <html> when this browser holds no session token, so the shell of a signed-in page does not
 * show to a signed-out visitor, who is sent to the sign-in page (index.css). Run by the blocking
 * script in the <head>, before the first paint.
 */
export function markSignedOut(hasSessionToken: boolean): void {
  document.documentElement.toggleAttribute('data-signed-out', !hasSessionToken);
}
