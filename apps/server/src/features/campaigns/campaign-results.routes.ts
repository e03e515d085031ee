import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  campaignPreviewRequestSchema,
  campaignPreviewResponseSchema,
  campaignRecipientsQuerySchema,
  campaignRecipientsResponseSchema,
  errorResponseSchema,
} from '@tp/shared';
import { requireSignIn, requireUser } from '../../plugins/auth';
import { pageOf } from '../../db/pagination';
import { contentDisposition } from '../content';
import { previewCampaign } from './campaign-preview';
import { exportRecipientResults, listRecipientResults } from './campaign-results';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const idParams = z.object({ id: z.uuid() });

/**
 * A campaign's recipients one by one (registered by the campaigns plugin, at /api): the composer's
 * preview of the real message for one of them, and each recipient's results, as pages or as CSV.
 */
const campaignResultsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  requireSignIn(app);

  app.post(
    '/campaigns/preview',
    {
      schema: {
        tags: ['campaigns'],
        summary:
          'The composed message as it goes out to one recipient of the chosen lists (their personalisation merged); `recipient` steps through them',
        body: campaignPreviewRequestSchema,
        response: { 200: campaignPreviewResponseSchema, ...errors },
      },
    },
    async (request) => ({ data: await previewCampaign(deps, requireUser(request).user, request.body) }),
  );

  app.get(
    '/campaigns/:id/recipients',
    {
      schema: {
        tags: ['campaigns'],
        summary:
          'Each recipient’s results, a page in address order: delivery, bounce, opens and clicks (machines apart), unsubscribe',
        params: idParams,
        querystring: campaignRecipientsQuerySchema,
        response: { 200: campaignRecipientsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { page, limit } = request.query;
      const { results, total } = await listRecipientResults(
        deps,
        requireUser(request).userId,
        request.params.id,
        request.query,
      );
      return { data: results, pagination: pageOf(page, limit, total) };
    },
  );

  app.get(
    '/campaigns/:id/recipients/export',
    {
      schema: {
        tags: ['campaigns'],
        summary:
          'Every recipient’s results as CSV (UTF-8 with BOM, times in ISO 8601 in the user’s zone, formula-like cells neutralised)',
        params: idParams,
        response: errors,
      },
    },
    async (request, reply) => {
      const { name, csv } = await exportRecipientResults(deps, requireUser(request).userId, request.params.id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', contentDisposition('attachment', `${name} - recipients.csv`))
        .send(csv as never);
    },
  );
};
export default campaignResultsRoutes;
