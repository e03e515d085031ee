import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponseSchema, userPreferencesPatchSchema, userPreferencesResponseSchema } from '@tp/shared';
import { requireSignIn, requireUser } from '../../plugins/auth';
import { getUserPreferences, updateUserPreferences } from './user-preferences.service';
import { mountAt } from '../../plugins/mount';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

/** Theme and display preferences kept on the server, so they follow the user to another device (prefix /api/me/preferences). */
const userPreferencesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  requireSignIn(app);

  app.get(
    '',
    {
      schema: {
        tags: ['settings'],
        summary: 'Theme, language and time zone (trading defaults are at /api/preferences/trading)',
        response: { 200: userPreferencesResponseSchema, ...errors },
      },
    },
    async (request) => getUserPreferences(deps, requireUser(request).userId),
  );

  app.patch(
    '',
    {
      schema: {
        tags: ['settings'],
        summary: 'Change any of the preferences; a time zone set here is the user’s own choice',
        body: userPreferencesPatchSchema,
        response: { 200: userPreferencesResponseSchema, ...errors },
      },
    },
    async (request) => updateUserPreferences(deps, requireUser(request).userId, request.body),
  );
};
export default mountAt('/api/me/preferences', userPreferencesRoutes);
