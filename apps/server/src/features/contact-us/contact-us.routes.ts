import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONTACT_RATE_LIMIT_PER_HOUR,
  CONTACT_SUCCESS_MESSAGE,
  contactMessageRequestSchema,
  emailActionResponseSchema,
  errorResponseSchema,
} from '@tp/shared';
import { submitContactMessage } from './contact-us.service';
import { mountAt } from '../../plugins/mount';

/**
 * The contact form and the support chat's message form: POST /api/email/send/contact
 * (docs/product/public-site.md#contact-form-rules).
 */
const contactUsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/send/contact',
    {
      config: { rateLimit: { max: CONTACT_RATE_LIMIT_PER_HOUR, timeWindow: '1 hour' } },
      schema: {
        tags: ['email'],
        summary:
          'Contact form: stored, then e-mailed to support with Reply-To set to the visitor (10 per hour per address)',
        body: contactMessageRequestSchema,
        response: { 200: emailActionResponseSchema, 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request) => {
      await submitContactMessage(app.deps, request.body, request.ip);
      return { success: true, message: CONTACT_SUCCESS_MESSAGE };
    },
  );
};
export default mountAt('/api/email', contactUsRoutes);
