import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  TIME_ZONE_HEADER,
  achievementsResponseSchema,
  activityResponseSchema,
  analyticsQuerySchema,
  analyticsResponseSchema,
  errorResponseSchema,
  quickActionById,
  quickActionRequestSchema,
  quickActionResponseSchema,
} from '@tp/shared';
import { requireSignIn, requireUser } from '../../plugins/auth';
import { getActivity, getActivityOfSession, performQuickAction } from './activity.service';
import { evaluateAchievements } from './achievements.service';
import { getAnalytics } from './analytics.service';
import { withBrowserTimeZone } from './browser-time-zone';
import { mountAt } from '../../plugins/mount';
import { requireClaims, SESSION_IN_STATEMENT } from '../../plugins/auth/session-in-statement';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };
const timeZoneHint = `Send the browser's zone in the ${TIME_ZONE_HEADER} header: it becomes the user's until they choose one.`;

/** The signed-in user's activity, streak, XP, goals, achievements and analytics (prefix /api/me). */
const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  requireSignIn(app);

  app.get(
    '/activity',
    {
      config: SESSION_IN_STATEMENT,
      schema: {
        tags: ['dashboard'],
        summary: "Streak, XP, level, today's progress and goals, sidebar counts, recent events",
        description: `The first call of the user's day records the visit (Daily Login), as a sign-in does. Goals are done by their real events of the day; progress is the share of them done. ${timeZoneHint}`,
        response: { 200: activityResponseSchema, ...errors },
      },
    },
    async (request) => getActivityOfSession(deps, requireClaims(request), request.headers[TIME_ZONE_HEADER]),
  );

  app.post(
    '/activity',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'A quick-action click: its XP once a day (no goal, no progress); a retried clickId counts once',
        body: quickActionRequestSchema,
        response: { 200: quickActionResponseSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = await withBrowserTimeZone(deps, requireUser(request).user, request.headers[TIME_ZONE_HEADER]);
      const result = await performQuickAction(deps, user.id, user.timezone, request.body);
      const [activity, achievements] = [await getActivity(deps, user), await evaluateAchievements(deps, user.id)];
      return {
        ...result,
        action: request.body.action,
        section: quickActionById(request.body.action).section,
        activity,
        newAchievements: achievements.newlyEarned,
      };
    },
  );

  app.get(
    '/achievements',
    {
      schema: {
        tags: ['dashboard'],
        summary: 'Badges earned (with the date) and locked, with progress toward each',
        response: { 200: achievementsResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { newlyEarned: _, ...answer } = await evaluateAchievements(deps, requireUser(request).userId);
      return answer;
    },
  );

  app.get(
    '/analytics',
    {
      config: SESSION_IN_STATEMENT,
      schema: {
        tags: ['dashboard'],
        summary: 'Uploads, views, campaign sends/opens/clicks, XP and trades per day (dates in the user zone)',
        description:
          'Viewing analytics completes the Check Analytics goal. Trading performance and risk are at /api/analytics/performance and /api/analytics/risk.',
        querystring: analyticsQuerySchema,
        response: { 200: analyticsResponseSchema, ...errors },
      },
    },
    async (request) => {
      return getAnalytics(deps, requireClaims(request), request.query);
    },
  );
};
export default mountAt('/api/me', activityRoutes);
