import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isAppPage, messageForStatus } from '@tp/shared';
import type { AppConfig } from '../config';
import { errorBody } from './errors';
import { registerImmutableAssets } from './immutable-assets';
import { isServerPath } from './paths';

/** apps/web/dist, from src/plugins in development and from dist/ in the bundle. */
function defaultWebDist(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [path.resolve(here, '../../../web/dist'), path.resolve(here, '../../web/dist')];
  return candidates.find((dir) => existsSync(path.join(dir, 'index.html'))) ?? candidates[0]!;
}

/**
 * The other prerendered public pages (dist/prerendered/<path>.html, docs/decisions/0024) by their
 * address: `/login` → `prerendered/login.html`.
 */
function prerenderedPages(root: string): Map<string, string> {
  const dir = path.join(root, 'prerendered');
  if (!existsSync(dir)) return new Map();
  return new Map(
    readdirSync(dir)
      .filter((file) => file.endsWith('.html'))
      .map((file) => [`/${file.slice(0, -'.html'.length)}`, `prerendered/${file}`]),
  );
}

/** Serves the built SPA: hashed assets cached for a year, index.html for every client route. */
export async function registerSpa(app: FastifyInstance, config: AppConfig): Promise<void> {
  const root = config.webDistDir ? path.resolve(config.webDistDir) : defaultWebDist();
  const hasBuild = existsSync(path.join(root, 'index.html'));
  // the landing page prerendered by the web build (apps/web/scripts/prerender.mjs)
  const hasLanding = existsSync(path.join(root, 'landing.html'));
  const prerendered = prerenderedPages(root);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      // sent for their pages only (below): at their own address they would hydrate as the not-found route
      // the hashed assets are served from memory (below): immutable, one Map lookup instead of file I/O
      // source maps, should a build carry any, are never served (immutable-assets.ts)
      globIgnore: ['landing.html*', 'prerendered/**', 'assets/**', '**/*.map'],
      index: false,
      // the web build writes .br and .gz twins of every text asset
      preCompressed: true,
      setHeaders: (res, filePath) => {
        const relative = path.relative(root, filePath);
        res.header('cache-control', relative.startsWith('assets') ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
    if (existsSync(path.join(root, 'assets'))) registerImmutableAssets(app, root, 'assets');
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const wantsPage = request.method === 'GET' || request.method === 'HEAD';
    if (isServerPath(url) || !wantsPage) {
      return reply.status(404).send(errorBody(404, `${messageForStatus(404)} (${request.method} ${url})`));
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app is not built yet. Run `npm run build` (npm start does this for you).');
    }
    // Unknown files under /assets are real 404s; everything else is a client route.
    if (url.startsWith('/assets/')) {
      return reply.status(404).type('text/plain').send('Not found');
    }
    reply.header('cache-control', 'no-cache');
    // an address that is no page gets the app, which shows "Page not found", as a real 404
    if (!isAppPage(url)) return reply.status(404).sendFile('index.html', root);
    if (url === '/' && hasLanding) return reply.sendFile('landing.html', root);
    // a query string may change what the page shows (the login page's token, mode and plan): the shell
    const page = request.url.includes('?') ? undefined : prerendered.get(url);
    return reply.sendFile(page ?? 'index.html', root);
  });
}
