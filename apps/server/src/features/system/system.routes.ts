import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponseSchema, publicConfigSchema, errorResponseSchema } from '@tp/shared';
import { checkDatabase } from '../../db/client';
import { canReadDevMailbox } from '../../plugins/local-client';
import { SUMMARIZED_ACCESS_LOG } from '../../plugins/logger';
import { publicConfig } from './public-config';
import { mountAt } from '../../plugins/mount';

const startedAt = Date.now();

const systemRoutes: FastifyPluginAsyncZod = async (app) => {
  const { config } = app.deps;
  // the configuration is fixed for the life of the process: two answers, checked against the
  // contract and written once (serializing the same object on every request was ≈ 4 % of its CPU)
  const written = (canRead: boolean) =>
    JSON.stringify(publicConfigSchema.parse(publicConfig(config, { canReadDevMailbox: canRead })));
  const configAnswers = { withMailbox: written(true), withoutMailbox: written(false) };
  app.get(
    '/health',
    {
      schema: {
        tags: ['system'],
        summary: 'Liveness and readiness of the database, file storage and mail',
        response: { 200: healthResponseSchema, 503: healthResponseSchema },
      },
      config: SUMMARIZED_ACCESS_LOG,
    },
    async (_request, reply) => {
      const [database, storage, mail] = await Promise.all([
        checkDatabase(app.deps.connection),
        app.deps.storage.health(),
        app.deps.mail.relayStatus(),
      ]);
      // a relay outage delays mail (it waits in the outbox) but does not make this instance unfit to serve
      const healthy = database === 'ok' && storage === 'ok';
      return reply.status(healthy ? 200 : 503).send({
        status: healthy ? 'ok' : 'error',
        database,
        storage,
        mail,
        version: '0.1.0',
        uptimeSeconds: Math.round((Date.now() - startedAt) / 1000),
      });
    },
  );

  app.get(
    '/config',
    {
      schema: {
        tags: ['system'],
        summary: 'Public runtime configuration: feature flags, auth methods, chat, pricing',
        response: { 200: publicConfigSchema, 500: errorResponseSchema },
      },
      config: SUMMARIZED_ACCESS_LOG,
    },
    (request, reply) => {
      void reply
        .type('application/json; charset=utf-8')
        // already JSON text: Fastify sends a string as it is
        .send((canReadDevMailbox(config, request) ? configAnswers.withMailbox : configAnswers.withoutMailbox) as never);
    },
  );
};
export default mountAt('/api', systemRoutes);
