import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contentShareRequestSchema,
  contentShareResponseSchema,
  errorResponseSchema,
  revokeSharedLinkResponseSchema,
  SHARED_LINK_MESSAGES,
  sharedLinkQuerySchema,
  sharedLinksResponseSchema,
} from '@tp/shared';
import { requireSignIn, requireUser } from '../../plugins/auth';
import { serveFile } from './file-access.service';
import { sendFile } from './send-file';
import { sendLinkGone } from './shared-link-page';
import {
  listSharedLinks,
  openSharedLink,
  recordSharedLinkDownload,
  revokeSharedLink,
  SharedLinkGone,
} from './shared-links.service';
import { shareFiles } from './share.service';

/**
 * Sharing (docs/content.md, "Shared links"): the share e-mail (under the e-mail service's base),
 * the links it carries — opened by anyone holding one — and the owner's view of them.
 */

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/** GET /api/content/shared?token=…: public, the token decides. */
export const sharedLinkReadingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/shared',
    {
      schema: {
        tags: ['content'],
        summary:
          'The file a shared link opens (inline when safe, Range supported); each read from its first byte counts as a download. 410 once the link has expired or been revoked (a page for a browser)',
        querystring: sharedLinkQuerySchema,
        response: { 404: errorResponseSchema, 410: errorResponseSchema },
      },
    },
    async (request, reply) => {
      try {
        const { linkId, file } = await openSharedLink(deps, request.query.token);
        const body = await serveFile(deps, file, {
          method: request.method,
          range: request.headers.range,
          ifNoneMatch: request.headers['if-none-match'],
        });
        if (body.viewed) {
          await recordSharedLinkDownload(deps.db, linkId).catch((error: unknown) =>
            deps.log.warn({ err: error }, 'shared link download not recorded'),
          );
        }
        return await sendFile(reply, body);
      } catch (error) {
        if (error instanceof SharedLinkGone) return sendLinkGone(request, reply, error, deps.config.publicUrl);
        throw error;
      }
    },
  );
};

/** The owner's live links: which files, to whom, until when, downloads; and revoking one. */
export const sharedLinkOwnerRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  requireSignIn(app);
  app.get(
    '/shared-links',
    {
      schema: {
        tags: ['content'],
        summary:
          'Your live shared links (neither expired nor revoked), newest first: file, recipient, expiry, downloads',
        response: { 200: sharedLinksResponseSchema, ...errors },
      },
    },
    async (request) => listSharedLinks(deps, requireUser(request).userId),
  );

  app.delete(
    '/shared-links/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'Revoke one of your shared links: it stops opening its file at once (410)',
        params: z.object({ id: z.uuid() }),
        response: { 200: revokeSharedLinkResponseSchema, ...errors },
      },
    },
    async (request) => {
      await revokeSharedLink(deps, requireUser(request).userId, request.params.id);
      return { success: true as const, message: SHARED_LINK_MESSAGES.revoked };
    },
  );
};

/** POST /api/email/send/content-share: a route of the content feature under the e-mail service's base. */
export const contentShareRoutes: FastifyPluginAsyncZod = async (app) => {
  requireSignIn(app);
  app.post(
    '/send/content-share',
    {
      schema: {
        tags: ['email', 'content'],
        summary:
          'E-mail links to some of your files to one recipient (once per recipient; a daily allowance). The links live 1 to 30 days (7 by default); with makePublic the files become public too. Nothing changes unless all of it is valid',
        body: contentShareRequestSchema,
        response: { 200: contentShareResponseSchema, 429: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { expiresAt } = await shareFiles(app.deps, requireUser(request), request.body);
      return {
        success: true as const,
        message: `Files shared with ${request.body.to}`,
        expiresAt: expiresAt.toISOString(),
      };
    },
  );
};
