import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTACT_RATE_LIMIT_PER_HOUR,
  SUBSCRIBE_ALREADY_CONFIRMED_MESSAGE,
  SUBSCRIBE_BAD_TOKEN_MESSAGE,
  SUBSCRIBE_CONFIRMED_MESSAGE,
  SUBSCRIBE_PENDING_MESSAGE,
  confirmSubscriptionRequestSchema,
  confirmSubscriptionResponseSchema,
  emailActionResponseSchema,
  errorResponseSchema,
  subscribeRequestSchema,
} from '@tp/shared';
import { AppError } from '../../plugins/errors';
import { confirmSubscription, requestSubscription } from './newsletter.service';
import { mountAt } from '../../plugins/mount';

const errors = { 400: errorResponseSchema, 429: errorResponseSchema };

/** Newsletter sign-up with double opt-in (POST /api/email/subscribe; docs/product/public-site.md#newsletter). */
const newsletterRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/subscribe',
    {
      config: { rateLimit: { max: CONTACT_RATE_LIMIT_PER_HOUR, timeWindow: '1 hour' } },
      schema: {
        tags: ['email'],
        summary: 'Newsletter sign-up with double opt-in: sends a confirmation link',
        body: subscribeRequestSchema,
        response: { 200: emailActionResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requestSubscription(app.deps, request.body);
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
      const confirmed = await confirmSubscription(app.deps, request.body.token);
      if (!confirmed) throw new AppError(400, SUBSCRIBE_BAD_TOKEN_MESSAGE, 'INVALID_TOKEN');
      const { already, email, lists } = confirmed;
      const message = already ? SUBSCRIBE_ALREADY_CONFIRMED_MESSAGE : SUBSCRIBE_CONFIRMED_MESSAGE;
      return { success: true as const, message, email, lists };
    },
  );
};
export default mountAt('/api/email', newsletterRoutes);
