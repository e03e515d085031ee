import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailHealthResponseSchema, emailTemplatesResponseSchema } from '@tp/shared';
import { campaignTemplatesWithPreviews } from '../campaigns/campaigns.service';
import { EMAIL_TEMPLATES } from './email-templates';

/** The e-mail service's own calls (spec 02 §7; base /api/email): health and templates. */
const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        tags: ['email'],
        summary: 'E-mail service status: transport and outbox backlog',
        response: { 200: emailHealthResponseSchema, 503: emailHealthResponseSchema },
      },
    },
    async (_request, reply) => {
      const transport: 'smtp' | 'dev' = app.deps.config.mail.smtpUrl ? 'smtp' : 'dev';
      try {
        const [outbox, relay] = await Promise.all([app.deps.mail.outboxCounts(), app.deps.mail.relayStatus()]);
        return { success: true, status: relay === 'error' ? ('error' as const) : ('ok' as const), transport, outbox };
      } catch {
        return reply
          .status(503)
          .send({ success: false, status: 'error', transport, outbox: { pending: 0, failed: 0 } });
      }
    },
  );

  app.get(
    '/templates',
    {
      schema: {
        tags: ['email'],
        summary: 'E-mail templates: the campaign composer’s (each with a preview) and the site’s own',
        response: { 200: emailTemplatesResponseSchema },
      },
    },
    async () => ({
      success: true as const,
      templates: [...(await campaignTemplatesWithPreviews()), ...EMAIL_TEMPLATES],
    }),
  );
};
export default emailRoutes;
