import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * A feature's routes mounted at the URL prefix the feature owns, so the feature, not app.ts, says
 * where it is served (docs/decisions/0043-server-feature-boundaries.md lists every prefix).
 */
export const mountAt =
  (prefix: string, routes: FastifyPluginAsyncZod): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(routes, { prefix });
  };
