import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, publicStatsResponseSchema } from '@tp/shared';
import { readPublicStats } from './stats.service';
import { mountAt } from '../../plugins/mount';

const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/public',
    {
      schema: {
        tags: ['stats'],
        summary: 'Public social-proof figures: sign-ups in the last hour and the total number of users',
        response: { 200: publicStatsResponseSchema, 500: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      // a minute of shared caching keeps a busy landing page from counting users on every view
      reply.header('cache-control', 'public, max-age=60');
      return readPublicStats(app.deps);
    },
  );
};
export default mountAt('/api/stats', statsRoutes);
