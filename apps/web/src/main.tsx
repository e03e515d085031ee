import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { SHELL_MESSAGES } from '@tp/shared';
import { App, whenRouterReady, type AppRouter } from './app/app';
import { createAppRouter } from './app/router';
import { markHydratedStart } from './app/start-mode';
import { removeAppShell } from './lib/app-shell';
import { readTokens } from './features/auth';
import { loadFigureLocale } from './lib/intl';
import './index.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error(SHELL_MESSAGES.rootMissing);

const app = (router: AppRouter) => (
  <StrictMode>
    <App router={router} />
  </StrictMode>
);

/**
 * The public pages arrive prerendered as a first-time visitor sees them (scripts/prerender.mjs).
 * A visitor without a session renders exactly that, so it is hydrated: the router starts in a task
 * of its own (this module's evaluation is already a long one on a slow phone), hydration waits for
 * the route's lazy chunk and runs in a transition, so it yields to input; the figures' locale data
 * loads in a task of its own meanwhile (lib/intl). Anyone else renders afresh.
 */
async function hydratePrerendered(root: HTMLElement) {
  await new Promise((resolve) => setTimeout(resolve));
  const router = createAppRouter();
  await whenRouterReady(router);
  markHydratedStart();
  startTransition(() => void hydrateRoot(root, app(router)));
  setTimeout(loadFigureLocale);
}

// the server sends a prerendered page only where it is what a first-time visitor sees (prerender.tsx)
const prerendered = rootElement.hasChildNodes();
const hasSession = Boolean(readTokens().token);
// a signed-in page's shell (lib/app-shell) waits for the page only when a session may follow
if (!hasSession) removeAppShell();
if (prerendered && !hasSession) void hydratePrerendered(rootElement);
else {
  createRoot(rootElement).render(app(createAppRouter()));
  // while the page's chunk is on its way, not inside the evaluation of the first module that formats a figure
  setTimeout(loadFigureLocale);
}
