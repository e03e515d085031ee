import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { routes } from './app/router';

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
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <AppProviders>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProviders>
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
