import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activateLicenseRequestSchema,
  errorResponseSchema,
  featureCheckResponseSchema,
  licenseFeatureSchema,
  licensePublicKeyResponseSchema,
  licenseStateSchema,
} from '@tp/shared';
import { requireSignIn, requireUser } from '../../plugins/auth';
import { activateLicense, getLicenseState, removeLicense, requireFeature } from './license.service';
import { mountAt } from '../../plugins/mount';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

/** License keys (prefix /api): the public key in force, and the signed-in user's license. */
const licenseRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(publicLicenseRoutes);
  await app.register(signedInLicenseRoutes);
};
export default mountAt('/api', licenseRoutes);

const publicLicenseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  app.get(
    '/license/public-key',
    {
      schema: {
        tags: ['license'],
        summary: 'The Ed25519 public key (SPKI, base64) license keys are verified with, for a check in the browser',
        response: { 200: licensePublicKeyResponseSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return { algorithm: 'EdDSA' as const, publicKey: deps.config.license.publicKey };
    },
  );
};

const signedInLicenseRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  requireSignIn(app);

  app.get(
    '/me/license',
    {
      schema: {
        tags: ['license'],
        summary: 'The license in force: type, expiry, features, restrictions; a warning within 30 days of expiry',
        response: { 200: licenseStateSchema, ...errors },
      },
    },
    async (request) => getLicenseState(deps, requireUser(request).userId),
  );

  app.post(
    '/me/license',
    {
      schema: {
        tags: ['license'],
        summary: 'Activate a license key (verified, stored on the user; the plan follows it)',
        body: activateLicenseRequestSchema,
        response: { 200: licenseStateSchema, 409: errorResponseSchema, ...errors },
      },
    },
    async (request) => activateLicense(deps, requireUser(request).userId, request.body.key),
  );

  app.delete(
    '/me/license',
    {
      schema: {
        tags: ['license'],
        summary: 'Remove the license key (back to the base feature set)',
        response: { 200: licenseStateSchema, ...errors },
      },
    },
    async (request) => removeLicense(deps, requireUser(request).userId),
  );

  app.get(
    '/me/license/features/:feature',
    {
      schema: {
        tags: ['license'],
        summary: 'Whether the license covers a feature: 200, or 403 FEATURE_NOT_LICENSED with the upgrade message',
        params: z.object({ feature: licenseFeatureSchema }),
        response: { 200: featureCheckResponseSchema, 403: errorResponseSchema, ...errors },
      },
    },
    async (request) => {
      await requireFeature(deps, request.params.feature)(request);
      return { feature: request.params.feature, licensed: true as const };
    },
  );
};
