import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  bulkCampaignRequestSchema,
  bulkCampaignResponseSchema,
  emailHealthResponseSchema,
  emailTemplatesResponseSchema,
  errorResponseSchema,
  notificationRequestSchema,
  notificationResponseSchema,
} from '@tp/shared';
import { requireSignIn, requireUser } from '../../plugins/auth';
import { campaignTemplatesWithPreviews, sendDirect, sendNotification } from '../campaigns';
import { EMAIL_TEMPLATES } from './email-templates';
import { mountAt } from '../../plugins/mount';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
  422: errorResponseSchema,
  429: errorResponseSchema,
};

/**
 * The e-mail service's own calls (base /api/email; docs/product/campaigns.md#e-mail-service-calls):
 * health and templates, and the
 * signed-in bulk-campaign and notification calls (campaigns started at once; decisions 0017, 0033).
 */
const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(sendingRoutes);
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
export default mountAt('/api/email', emailRoutes);

const sendingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  requireSignIn(app);

  app.post(
    '/send/bulk-campaign',
    {
      schema: {
        tags: ['email'],
        summary: 'A campaign to the given addresses, started at once',
        body: bulkCampaignRequestSchema,
        response: { 200: bulkCampaignResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { recipients, subject, template, data, attachments } = request.body;
      const result = await sendDirect(deps, requireUser(request).user, {
        kind: 'bulk',
        name: data.name || subject,
        subject,
        template,
        message: data.message,
        attachments,
        recipients: recipients.map((r) => (typeof r === 'string' ? { email: r, name: '' } : r)),
      });
      return { data: result };
    },
  );

  app.post(
    '/send/notification',
    {
      schema: {
        tags: ['email'],
        summary:
          'One message, as a one-recipient campaign (quota, unsubscribe and tracking apply), to the user’s own address or one of their contacts (else 403 naming to); NOTIFICATIONS_PER_DAY in 24 hours (then 429)',
        body: notificationRequestSchema,
        response: { 200: notificationResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { to, subject, template, data } = request.body;
      const sent = await sendNotification(deps, requireUser(request).user, {
        to,
        subject,
        template,
        message: data.message,
        name: data.name || subject,
      });
      return { data: sent };
    },
  );
};
