import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CAMPAIGN_MESSAGES,
  MAILED_PAGES,
  bounceWebhookResponseSchema,
  bounceWebhookSchema,
  errorResponseSchema,
  text,
  unsubscribeInfoSchema,
  unsubscribeResponseSchema,
} from '@tp/shared';
import { bearerToken } from '../../plugins/auth';
import { notFound, unauthorized } from '../../plugins/errors';
import { MAIL_IMAGE_HEADERS } from '../../plugins/security';
import { sameSecret } from '../../plugins/tokens/signatures';
import { expiredPage, invalidLinkPage, leavingPage, TRACKING_PAGE_CSP } from './tracking-pages';
import { followClick, recordBounce, recordOpen, unsubscribe, unsubscribeInfo } from './tracking.service';

const tokenParams = z.object({ token: text().min(40).max(60) });
/** A transparent 1×1 GIF. */
const PIXEL = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

const sendPage = (reply: FastifyReply, status: number, html: string) =>
  reply
    .status(status)
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', TRACKING_PAGE_CSP)
    .send(html);

/**
 * The links inside campaign messages and the relay's webhook (registered at /api by the campaigns
 * routes): public, each authenticated by what it carries. Decisions 0017 and 0033.
 */
const trackingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  // RFC 8058: mail clients POST "List-Unsubscribe=One-Click" form-encoded (or as multipart); the token is in the URL
  for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data']) {
    if (app.hasContentTypeParser(type)) app.removeContentTypeParser(type);
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit: 4_096 }, (_request, body, done) =>
      done(null, { form: body }),
    );
  }

  app.get(
    '/email/track/open/:token',
    {
      schema: {
        tags: ['campaigns'],
        summary: 'Open pixel of a campaign message (public, signed; loadable from web mail’s own origin)',
        params: tokenParams,
      },
    },
    async (request, reply) => {
      if (!(await recordOpen(deps, request.params.token, request.headers['user-agent']))) throw notFound();
      return reply
        .headers(MAIL_IMAGE_HEADERS)
        .header('content-type', 'image/gif')
        .header('cache-control', 'no-store, private, max-age=0')
        .send(PIXEL);
    },
  );

  app.get(
    '/email/track/click/:token/:link',
    {
      // a link cut short or altered answers the page saying so, not a JSON error
      attachValidation: true,
      schema: {
        tags: ['campaigns'],
        summary:
          'Click-through of a campaign link (public, signed, for CAMPAIGN_LINK_TTL_DAYS): redirects to a page of this site; for another site, a page saying where the link leads with a link to it; an expired or unknown link, a page saying so (410, 404)',
        params: tokenParams.extend({ link: z.coerce.number().int().min(0).max(10_000) }),
      },
    },
    async (request, reply) => {
      if (request.validationError) return sendPage(reply, 404, invalidLinkPage());
      const { token, link } = request.params;
      const outcome = await followClick(deps, token, link, request.headers['user-agent']);
      switch (outcome.kind) {
        case 'redirect':
          return reply.redirect(outcome.url, 302);
        case 'leaving':
          return sendPage(reply, 200, leavingPage(outcome.url));
        case 'expired':
          return sendPage(reply, 410, expiredPage(outcome.url, outcome.expiredAt, deps.config.campaigns.linkTtlDays));
        default:
          return sendPage(reply, 404, invalidLinkPage());
      }
    },
  );

  app.get(
    '/unsubscribe/:token',
    {
      schema: {
        tags: ['campaigns'],
        summary:
          'What the unsubscribe page shows; changes nothing (a browser is sent to the page /unsubscribe/{token})',
        params: tokenParams,
        response: { 200: unsubscribeInfoSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const accept = request.headers.accept ?? '';
      if (accept.includes('text/html') && !accept.includes('application/json')) {
        return reply.redirect(`${deps.config.publicUrl}${MAILED_PAGES.unsubscribe}/${request.params.token}`, 303);
      }
      const info = await unsubscribeInfo(deps, request.params.token);
      if (!info) throw notFound(CAMPAIGN_MESSAGES.badUnsubscribeLink);
      return { data: info };
    },
  );

  app.post(
    '/unsubscribe/:token',
    {
      schema: {
        tags: ['campaigns'],
        summary:
          'Unsubscribes from the sender’s campaigns: the page’s confirmation, and the one-click POST of RFC 8058',
        params: tokenParams,
        response: { 200: unsubscribeResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request) => {
      if (!(await unsubscribe(deps, request.params.token))) throw notFound(CAMPAIGN_MESSAGES.badUnsubscribeLink);
      return { data: { unsubscribed: true as const, message: CAMPAIGN_MESSAGES.unsubscribed } };
    },
  );

  app.post(
    '/email/webhooks/bounce',
    {
      schema: {
        tags: ['email'],
        summary: 'Bounces and complaints from the relay (Authorization: Bearer <BOUNCE_WEBHOOK_SECRET>)',
        body: bounceWebhookSchema,
        response: { 200: bounceWebhookResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
      // the secret is checked before the body is looked at
      preValidation: async (request) => {
        const secret = deps.config.campaigns.bounceWebhookSecret;
        if (!secret) throw notFound();
        const given = bearerToken(request) ?? (request.headers['x-webhook-secret'] as string | undefined);
        if (!sameSecret(secret, given)) throw unauthorized('Invalid webhook secret');
      },
    },
    async (request) => ({ data: await recordBounce(deps, request.body) }),
  );
};
export default trackingRoutes;
