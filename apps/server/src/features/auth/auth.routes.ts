import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  TIME_ZONE_HEADER,
  errorResponseSchema,
  logoutRequestSchema,
  magicLinkRequestSchema,
  magicLinkResponseSchema,
  meResponseSchema,
  passwordLoginRequestSchema,
  passwordLoginResponseSchema,
  profileUpdateResponseSchema,
  profileUpdateSchema,
  refreshRequestSchema,
  refreshResponseSchema,
  sessionExchangeRequestSchema,
  sessionExchangeResponseSchema,
  sessionTokenResponseSchema,
  sessionsResponseSchema,
  successResponseSchema,
  verifyRequestSchema,
  verifyResponseSchema,
} from '@tp/shared';
import { requireSignIn, requireUser } from '../../plugins/auth';
import { AppError } from '../../plugins/errors';
import { isDatabaseUnavailable } from '../../db/outage';
import { createHandOffToken, exchangeHandOffToken } from './hand-off.service';
import { requestMagicLink, verifyMagicLink } from './magic-link.service';
import { passwordLogin } from './password.service';
import { updateProfile } from './profile.service';
import { endSession, listSessions, logout, rotateRefreshToken, type ClientContext } from './sessions.service';
import { toUserView } from './user-view';
import { mountAt } from '../../plugins/mount';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 429: errorResponseSchema };
const signInCounts = `The sign-in completes the day's Daily Login goal, on the user's day: send the browser's zone in the ${TIME_ZONE_HEADER} header (it becomes the user's until they choose one).`;

/** The client as the server sees it; the body's clientInfo is not trusted for this. */
const clientOf = (request: FastifyRequest): ClientContext => {
  const timeZone = request.headers[TIME_ZONE_HEADER];
  return {
    ipAddress: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    timeZone: typeof timeZone === 'string' ? timeZone : undefined,
  };
};

/**
 * Sign-in calls answer the spec's 503 ("The authentication service is currently unavailable...")
 * when the database is down; everything else goes on to the app's one error handler.
 */
function answerOutagesWith503(app: FastifyInstance): void {
  const appErrorHandler = app.errorHandler;
  app.setErrorHandler(function (error, request, reply) {
    if (!isDatabaseUnavailable(error)) return appErrorHandler.call(this, error, request, reply);
    request.log.error({ err: error }, 'auth: database unavailable');
    return appErrorHandler.call(this, new AppError(503), request, reply);
  });
}

/** The sign-in feature: public routes, then the signed-in ones in a scope of their own. */
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  answerOutagesWith503(app);
  await app.register(publicAuthRoutes);
  await app.register(privateAuthRoutes);
};
export default mountAt('/api/auth', authRoutes);

/** Public sign-in routes (no bearer token). */
const publicAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const perIpHourly = { rateLimit: { max: deps.config.auth.requestsPerIpPerHour, timeWindow: '1 hour' } };
  app.post(
    '/magic-link',
    {
      config: perIpHourly,
      schema: {
        tags: ['auth'],
        summary: 'E-mail a one-time sign-in link',
        body: magicLinkRequestSchema,
        response: { 200: magicLinkResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => requestMagicLink(deps, request.body),
  );

  app.post(
    '/verify',
    {
      config: perIpHourly,
      schema: {
        tags: ['auth'],
        summary: 'Exchange a magic-link token for a session',
        description: signInCounts,
        body: verifyRequestSchema,
        response: { 200: verifyResponseSchema, ...errors },
      },
    },
    async (request) => {
      const result = await verifyMagicLink(deps, request.body, clientOf(request));
      return {
        token: result.session.token,
        refreshToken: result.session.refreshToken,
        rememberMe: result.rememberMe,
        user: result.user,
        isNewUser: result.isNewUser,
        requiresProfileCompletion: !result.user.profileComplete,
        redirectTo: result.redirectTo,
      };
    },
  );

  app.post(
    '/session-exchange',
    {
      config: perIpHourly,
      schema: {
        tags: ['auth'],
        summary: 'Exchange a one-time hand-off token for a new session',
        description: signInCounts,
        body: sessionExchangeRequestSchema,
        response: { 200: sessionExchangeResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { session, user } = await exchangeHandOffToken(deps, request.body.sessionToken, clientOf(request));
      return { success: true as const, token: session.token, refreshToken: session.refreshToken, user };
    },
  );

  app.post(
    '/refresh',
    {
      schema: {
        tags: ['auth'],
        summary: 'Rotate the refresh token and get a new access token',
        body: refreshRequestSchema,
        response: { 200: refreshResponseSchema, ...errors },
      },
    },
    async (request) => rotateRefreshToken(deps, request.body.refreshToken),
  );

  app.post(
    '/login',
    {
      config: perIpHourly,
      schema: {
        tags: ['auth'],
        summary: 'Password sign-in (disabled unless AUTH_PASSWORD_ENABLED)',
        description: signInCounts,
        body: passwordLoginRequestSchema,
        response: { 200: passwordLoginResponseSchema, 403: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { session, user } = await passwordLogin(deps, request.body.email, request.body.password, clientOf(request));
      return {
        user,
        token: session.token,
        refreshToken: session.refreshToken,
        expiresAt: session.expiresAt.toISOString(),
      };
    },
  );
};

/** Routes for a signed-in user. */
const privateAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  requireSignIn(app);

  app.get(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'The signed-in user',
        response: { 200: meResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      // the row and the content figures come with the session check: no second read
      const { user: row, contentCounts } = requireUser(request);
      const user = toUserView(row, contentCounts);
      return { user, profileComplete: user.profileComplete };
    },
  );

  app.put(
    '/me',
    {
      schema: {
        tags: ['auth'],
        summary: 'Update the profile (name and phone required)',
        body: profileUpdateSchema,
        response: { 200: profileUpdateResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await updateProfile(deps, requireUser(request), request.body);
      return { success: true as const, user, message: 'Profile updated successfully' };
    },
  );

  app.post(
    '/session-token',
    {
      schema: {
        tags: ['auth'],
        summary: 'A one-time 5-minute token to hand this session to another device or tab',
        response: { 200: sessionTokenResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => createHandOffToken(deps, requireUser(request)),
  );

  app.post(
    '/logout',
    {
      schema: {
        tags: ['auth'],
        summary: 'End this session, or every session of the user',
        // a logout without a body (null to the validator) ends this session only
        body: logoutRequestSchema.nullish(),
        response: { 200: successResponseSchema, ...errors },
      },
    },
    async (request) => {
      await logout(deps, requireUser(request), request.body?.everywhere ?? false);
      return { success: true as const };
    },
  );

  app.get(
    '/sessions',
    {
      schema: {
        tags: ['auth'],
        summary: 'Active sessions (devices)',
        response: { 200: sessionsResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ sessions: await listSessions(deps, requireUser(request)) }),
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        tags: ['auth'],
        summary: 'End one of your sessions',
        params: z.object({ id: z.uuid() }),
        response: { 200: successResponseSchema, 404: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      await endSession(deps, requireUser(request), request.params.id);
      return { success: true as const };
    },
  );
};
