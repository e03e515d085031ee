import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import {
  contentHealthResponseSchema,
  deleteFileResponseSchema,
  errorResponseSchema,
  fileInfoResponseSchema,
  fileStatsResponseSchema,
  listFilesQuerySchema,
  listFilesResponseSchema,
  publicFilesQuerySchema,
  publicFilesResponseSchema,
  recentSearchesResponseSchema,
  recordSearchRequestSchema,
  searchRequestSchema,
  searchResponseSchema,
  sessionFilesResponseSchema,
  signedUrlRequestSchema,
  signedUrlResponseSchema,
  toggleVisibilityRequestSchema,
  toggleVisibilityResponseSchema,
  uploadResponseSchema,
  CONTENT_MESSAGES,
  SEARCH,
  text,
} from '@tp/shared';
import { checkDatabase } from '../../db/client';
import { bearerToken, requireSignIn, requireUser } from '../../plugins/auth';
import { requireClaims, SESSION_IN_STATEMENT } from '../../plugins/auth/session-in-statement';
import { AppError } from '../../plugins/errors';
import { registerContentJobs } from './content.jobs';
import { resolveReader, serveFile } from './file-access.service';
import { fileInfo } from './file-links';
import {
  deleteFile,
  fileStats,
  listFiles,
  publicFiles,
  requireOwnFile,
  sessionFiles,
  setVisibility,
  uploadAllowance,
  uploadFile,
  type Owner,
  type UploadPart,
  REFUSED_BODY_LIMITS,
} from './files.service';
import { recentSearches, recordSearch, searchFiles } from './search.service';
import { sendFile } from './send-file';
import { contentShareRoutes, sharedLinkOwnerRoutes, sharedLinkReadingRoutes } from './share.routes';
import { signContentUrl } from './signed-url';
import { discardRestOfBody } from './refused-body';
import { malformedMultipart, uploadPartLimits } from './upload-pipeline';
import { startUpload } from './upload-row';
import { supplyActivityFigures } from '../activity';
import { contentActivityFigures } from './activity-figures';
import { mountAt } from '../../plugins/mount';

const fileParams = z.object({ id: z.uuid() });
const signedLinkQuery = z.object({
  expires: text().max(20).optional(),
  signature: text().max(100).optional(),
});
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
};

const ownerOf = (request: FastifyRequest): Owner => {
  const auth = requireUser(request);
  return { userId: auth.userId, sessionId: auth.sessionId, timeZone: auth.user.timezone };
};

/** JSON only when the client asks for it by name: a browser's `*\/*` or `image/*` gets the bytes. */
const wantsJson = (request: FastifyRequest) => /\bapplication\/json\b/i.test(request.headers.accept ?? '');

/**
 * The content hub (docs/content.md), registered under /api: its own base /content, its share route
 * under the e-mail service's /email, and the spec's legacy /v1/content links. Reading a file is
 * public (a signed link, a public file, or the owner's bearer token decides: file-access.service.ts;
 * a shared link: share.routes.ts); everything else needs a signed-in user and touches only that
 * user's files.
 */
const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  supplyActivityFigures(contentActivityFigures);
  await registerContentJobs(app.deps);
  await app.register(fileReadingRoutes, { prefix: '/content' });
  await app.register(sharedLinkReadingRoutes, { prefix: '/content' });
  await app.register(signedInContentRoutes, { prefix: '/content' });
  await app.register(sharedLinkOwnerRoutes, { prefix: '/content' });
  await app.register(contentShareRoutes, { prefix: '/email' });
  await app.register(legacyContentRoutes, { prefix: '/v1/content' });
};
export default mountAt('/api', contentRoutes);

const fileReadingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const readRequest = (request: FastifyRequest<{ Querystring: z.infer<typeof signedLinkQuery> }>) => ({
    expires: request.query.expires,
    signature: request.query.signature,
    bearer: bearerToken(request),
    verify: app.auth.verify,
  });
  const conditional = (request: FastifyRequest) => ({
    method: request.method,
    range: request.headers.range,
    ifNoneMatch: request.headers['if-none-match'],
  });
  /**
   * The handler of a file-serving route, once the reader may read: the file (or, asked for JSON,
   * its information), its thumbnail, or the file as an attachment.
   */
  const fileHandler =
    (variant: 'file' | 'thumbnail' | 'download') =>
    async (
      request: FastifyRequest<{ Params: z.infer<typeof fileParams>; Querystring: z.infer<typeof signedLinkQuery> }>,
      reply: FastifyReply,
    ) => {
      const { row, reader } = await resolveReader(deps, request.params.id, readRequest(request));
      if (variant === 'file') {
        reply.header('vary', 'Accept, Authorization');
        if (wantsJson(request)) return reply.send(fileInfo(deps.config, row, reader));
      }
      const options = { ...conditional(request), thumbnail: variant === 'thumbnail', download: variant === 'download' };
      return sendFile(reply, await serveFile(deps, row, options));
    };

  app.get(
    '/health',
    {
      schema: {
        tags: ['content'],
        summary: 'Content service status: database and file storage',
        response: { 200: contentHealthResponseSchema, 503: contentHealthResponseSchema },
      },
    },
    async (_request, reply) => {
      const [database, storage] = await Promise.all([checkDatabase(deps.connection), deps.storage.health()]);
      const status = database === 'ok' && storage === 'ok' ? 'ok' : 'error';
      return reply.code(status === 'ok' ? 200 : 503).send({ status, database, storage, driver: deps.storage.driver });
    },
  );

  app.get(
    '/access/:id',
    {
      schema: {
        tags: ['content'],
        summary:
          'A file: its information as JSON with Accept: application/json, else its bytes (inline when safe, Range supported). Public files for anyone, private ones with a signed link or the owner’s bearer token',
        params: fileParams,
        querystring: signedLinkQuery,
        response: { 200: fileInfoResponseSchema, ...errors },
      },
    },
    fileHandler('file'),
  );

  app.get(
    '/access/:id/thumbnail',
    {
      schema: {
        tags: ['content'],
        summary: 'The gallery thumbnail of an image (WebP), on the same terms as the file',
        params: fileParams,
        querystring: signedLinkQuery,
        response: errors,
      },
    },
    fileHandler('thumbnail'),
  );

  app.get(
    '/download/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'A file as an attachment, on the same terms as GET /access/{id}',
        params: fileParams,
        querystring: signedLinkQuery,
        response: errors,
      },
    },
    fileHandler('download'),
  );
};

const signedInContentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  requireSignIn(app);
  await app.register(multipart, { limits: uploadPartLimits() });

  app.post(
    '/upload',
    {
      // the upload's first statement proves the session live (decisions 0027, 0028)
      config: SESSION_IN_STATEMENT,
      schema: {
        tags: ['content'],
        summary:
          'Upload one file (multipart: file, then optional description, tags, isPublic). At most 26,214,400 bytes, within your quotas of bytes and files (413) and of uploads a minute (429); the type is read from the bytes',
        response: {
          200: uploadResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          429: errorResponseSchema,
          ...errors,
        },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) {
        throw new AppError(415, 'Send the file as multipart/form-data', 'UNSUPPORTED_MEDIA_TYPE');
      }
      const owner = requireClaims(request);
      const length = Number(request.headers['content-length']);
      const declared = Number.isFinite(length) ? length : undefined;
      try {
        const start = await startUpload(deps.connection, owner);
        const maxBytes = uploadAllowance(deps, start, declared);
        const parts = request.parts({ limits: uploadPartLimits(maxBytes) }) as AsyncIterable<UploadPart>;
        return await uploadFile(deps, owner, start, parts, maxBytes);
      } catch (error) {
        // the client may still be sending: the answer must reach it before the connection ends
        if (!discardRestOfBody(request.raw, reply.raw, declared, REFUSED_BODY_LIMITS)) {
          reply.header('connection', 'close');
        }
        throw malformedMultipart(error) ?? error;
      }
    },
  );

  app.get(
    '/files',
    {
      schema: {
        tags: ['content'],
        summary: 'Your files: page, limit (at most 100), period, category, search, sort',
        querystring: listFilesQuerySchema,
        response: { 200: listFilesResponseSchema, ...errors },
      },
    },
    async (request) => listFiles(deps, ownerOf(request), request.query),
  );

  app.get(
    '/files/session',
    {
      schema: {
        tags: ['content'],
        summary: 'Files uploaded in this sign-in session',
        response: { 200: sessionFilesResponseSchema, ...errors },
      },
    },
    async (request) => sessionFiles(deps, ownerOf(request)),
  );

  app.get(
    '/files/stats',
    {
      schema: {
        tags: ['content'],
        summary: 'Counts and sizes of your files, by category, with the newest uploads',
        response: { 200: fileStatsResponseSchema, ...errors },
      },
    },
    async (request) => fileStats(deps, ownerOf(request)),
  );

  app.delete(
    '/files/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'Delete one of your files (the record and the stored bytes)',
        params: fileParams,
        response: { 200: deleteFileResponseSchema, ...errors },
      },
    },
    async (request) => {
      await deleteFile(deps, requireUser(request).userId, request.params.id);
      return { success: true as const, message: CONTENT_MESSAGES.fileDeleted };
    },
  );

  app.get(
    '/public',
    {
      schema: {
        tags: ['content'],
        summary: 'Your public files, newest first (another user’s are never listed)',
        querystring: publicFilesQuerySchema,
        response: { 200: publicFilesResponseSchema, ...errors },
      },
    },
    async (request) => publicFiles(deps, requireUser(request).userId, request.query.limit),
  );

  app.put(
    '/access/:id/public',
    {
      schema: {
        tags: ['content'],
        summary:
          'Make one of your files public (anyone holding its link can open it; it is never listed to other users) or private',
        params: fileParams,
        body: toggleVisibilityRequestSchema,
        response: { 200: toggleVisibilityResponseSchema, ...errors },
      },
    },
    async (request) => setVisibility(deps, requireUser(request).userId, request.params.id, request.body.isPublic),
  );

  app.post(
    '/access/:id/signed',
    {
      schema: {
        tags: ['content'],
        summary:
          'A signed link to one of your files that anyone can open until it expires (1 h default, 7 days at most)',
        params: fileParams,
        // no body at all means the defaults
        body: signedUrlRequestSchema.nullish(),
        response: { 200: signedUrlResponseSchema, ...errors },
      },
    },
    async (request) => {
      const row = await requireOwnFile(deps, requireUser(request).userId, request.params.id);
      const { signedUrl, expiresAt } = signContentUrl({
        secret: deps.config.auth.secret,
        publicUrl: deps.config.publicUrl,
        fileId: row.id,
        expiresInSeconds: request.body?.expiresIn,
      });
      return { signedUrl, expiresAt: expiresAt.toISOString() };
    },
  );

  app.post(
    '/search',
    {
      // the search's statement proves the session live (decision 0027): see search.service.ts
      config: SESSION_IN_STATEMENT,
      schema: {
        tags: ['content'],
        summary: `Full-text search over your own files (websearch syntax: "phrase", OR, -word); ${SEARCH.rateLimit} a minute`,
        body: searchRequestSchema,
        response: { 200: searchResponseSchema, 429: errorResponseSchema, ...errors },
      },
    },
    async (request) => searchFiles(deps, requireClaims(request), request.body),
  );

  app.get(
    '/recent-searches',
    {
      schema: {
        tags: ['content'],
        summary: 'Your recent searches, newest first (10 kept)',
        response: { 200: recentSearchesResponseSchema, ...errors },
      },
    },
    async (request) => recentSearches(deps, requireUser(request).userId),
  );

  app.post(
    '/recent-searches',
    {
      schema: {
        tags: ['content'],
        summary: `Puts a search the client answered from its cache at the front of your recent searches; counts as a search (${SEARCH.rateLimit} a minute)`,
        body: recordSearchRequestSchema,
        response: { 200: recentSearchesResponseSchema, 429: errorResponseSchema, ...errors },
      },
    },
    async (request) => recordSearch(deps, requireUser(request).userId, request.body),
  );
};

/** The spec's legacy link: /api/v1/content/{id} → /api/content/access/{id}, the query (a signature) kept. */
const legacyContentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:id',
    {
      schema: {
        tags: ['content'],
        summary: 'Legacy file link: redirects to /api/content/access/{id}',
        params: z.object({ id: text().max(64) }),
      },
    },
    async (request, reply) => {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`/api/content/access/${encodeURIComponent(request.params.id)}${query}`, 301);
    },
  );
};
