import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, preferencesPatchSchema, preferencesResponseSchema } from '@tp/shared';
import { requireSignIn, requireUser } from '../../plugins/auth';
import { getPreferences, updatePreferences } from './preferences.service';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

/** Theme and display preferences kept on the server, so they follow the user to another device (prefix /api/me/preferences). */
const preferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  requireSignIn(app);

  app.get(
    '',
    {
      schema: {
        tags: ['settings'],
        summary: 'Theme, language and time zone (trading defaults are at /api/preferences/trading)',
        response: { 200: preferencesResponseSchema, ...errors },
      },
    },
    async (request) => getPreferences(deps, requireUser(request).userId),
  );

  app.patch(
    '',
    {
      schema: {
        tags: ['settings'],
        summary: 'Change any of the preferences; a time zone set here is the user’s own choice',
        body: preferencesPatchSchema,
        response: { 200: preferencesResponseSchema, ...errors },
      },
    },
    async (request) => updatePreferences(deps, requireUser(request).userId, request.body),
  );
};
export default preferencesRoutes;
