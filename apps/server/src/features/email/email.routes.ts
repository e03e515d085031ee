import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTACT_RATE_LIMIT_PER_HOUR,
  CONTACT_SUCCESS_MESSAGE,
  SUBSCRIBE_BAD_TOKEN_MESSAGE,
  SUBSCRIBE_CONFIRMED_MESSAGE,
  SUBSCRIBE_PENDING_MESSAGE,
  confirmSubscriptionRequestSchema,
  confirmSubscriptionResponseSchema,
  contactRequestSchema,
  emailActionResponseSchema,
  emailHealthResponseSchema,
  emailTemplatesResponseSchema,
  errorResponseSchema,
  subscribeRequestSchema,
} from '@tp/shared';
import { AppError } from '../../plugins/errors';
import {
  confirmSubscription,
  outboxCounts,
  requestSubscription,
  submitContactMessage,
  type EmailDeps,
} from './email.service';
import { EMAIL_TEMPLATES } from './templates';

const publicFormLimit = { rateLimit: { max: CONTACT_RATE_LIMIT_PER_HOUR, timeWindow: '1 hour' } };
const errors = { 400: errorResponseSchema, 429: errorResponseSchema, 500: errorResponseSchema };

/** The public site's e-mail service (spec 02 §7; base /api/email). */
export const emailRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (log: EmailDeps['log']): EmailDeps => ({
    database: app.database,
    mailer: app.mail,
    config: app.config,
    log,
  });

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
      const transport: 'smtp' | 'dev' = app.config.mail.smtpUrl ? 'smtp' : 'dev';
      reply.header('cache-control', 'no-store');
      try {
        const outbox = await outboxCounts(app.database);
        return { success: true, status: 'ok' as const, transport, outbox };
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
        summary: 'The e-mail templates of the public site',
        response: { 200: emailTemplatesResponseSchema },
      },
    },
    async () => ({ success: true as const, templates: EMAIL_TEMPLATES }),
  );

  app.post(
    '/send/contact',
    {
      config: publicFormLimit,
      schema: {
        tags: ['email'],
        summary:
          'Contact form: stored, then e-mailed to support with Reply-To set to the visitor (10 per hour per address)',
        body: contactRequestSchema,
        response: { 200: emailActionResponseSchema, ...errors },
      },
    },
    async (request) => {
      await submitContactMessage(deps(request.log), request.body, request.ip);
      return { success: true, message: CONTACT_SUCCESS_MESSAGE };
    },
  );

  app.post(
    '/subscribe',
    {
      config: publicFormLimit,
      schema: {
        tags: ['email'],
        summary: 'Newsletter sign-up with double opt-in: sends a confirmation link',
        body: subscribeRequestSchema,
        response: { 200: emailActionResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requestSubscription(deps(request.log), request.body);
      return { success: true, message: SUBSCRIBE_PENDING_MESSAGE };
    },
  );

  app.post(
    '/subscribe/confirm',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 hour' } },
      schema: {
        tags: ['email'],
        summary: 'Confirms a newsletter subscription with the token from the confirmation e-mail',
        body: confirmSubscriptionRequestSchema,
        response: { 200: confirmSubscriptionResponseSchema, ...errors },
      },
    },
    async (request) => {
      const confirmed = await confirmSubscription(app.database, request.body.token);
      if (!confirmed) throw new AppError(400, SUBSCRIBE_BAD_TOKEN_MESSAGE, 'INVALID_TOKEN');
      return { success: true as const, message: SUBSCRIBE_CONFIRMED_MESSAGE, ...confirmed };
    },
  );
};
