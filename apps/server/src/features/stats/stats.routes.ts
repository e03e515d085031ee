import { count, gte } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, publicStatsResponseSchema, type PublicStats } from '@tp/shared';
import { users } from '../../db/schema';
import type { Database } from '../../db/client';

const HOUR_MS = 60 * 60 * 1000;

/** Real counts for the landing page: sign-ups in the last hour and all users. */
export async function readPublicStats(database: Database, now: Date = new Date()): Promise<PublicStats> {
  const since = new Date(now.getTime() - HOUR_MS);
  const [recent] = await database.db.select({ n: count() }).from(users).where(gte(users.createdAt, since));
  const [total] = await database.db.select({ n: count() }).from(users);
  return { signupsLastHour: Number(recent?.n ?? 0), totalUsers: Number(total?.n ?? 0) };
}

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
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
      return readPublicStats(app.database);
    },
  );
};
