import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema, storiesResponseSchema, storyIdSchema, storyResponseSchema } from '@tp/shared';
import { notFound } from '../../plugins/errors';
import { createStoryStore } from './stories.service';
import { mountAt } from '../../plugins/mount';

/** Stories are Markdown files shipped with the server, read once and kept in memory. */
const storiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const store = createStoryStore();

  app.get(
    '/',
    {
      schema: {
        tags: ['stories'],
        summary: 'All stories, newest first (front matter only)',
        response: { 200: storiesResponseSchema, 500: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return { stories: await store.list() };
    },
  );

  app.get(
    '/:id',
    {
      schema: {
        tags: ['stories'],
        summary: 'One story with its Markdown rendered to sanitized HTML',
        params: z.object({ id: storyIdSchema }),
        response: { 200: storyResponseSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const story = await store.get(request.params.id);
      if (!story) throw notFound();
      reply.header('cache-control', 'public, max-age=300');
      return { story };
    },
  );
};
export default mountAt('/api/stories', storiesRoutes);
