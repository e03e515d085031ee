import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { AppConfig } from './config';
import { openDatabase, runMigrations, type Database } from './db/client';
import { startJobs, type Jobs } from './plugins/jobs';
import { registerErrorHandling } from './plugins/errors';
import { registerSecurityHeaders } from './plugins/security';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSpa } from './plugins/spa';
import { loggerOptions } from './plugins/logger';
import { systemRoutes } from './features/system/system.routes';
import { statsRoutes } from './features/stats/stats.routes';
import { storiesRoutes } from './features/stories/stories.routes';
import { emailRoutes } from './features/email/email.routes';
import { registerMail } from './plugins/mail';
import { registerStorage } from './plugins/storage';
import { devMailboxRoutes } from './features/dev-mailbox/dev-mailbox.routes';
import { registerAuth } from './plugins/auth';
import { privateAuthRoutes, publicAuthRoutes } from './features/auth/auth.routes';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    database: Database;
    jobs: Jobs;
  }
}

export interface AppDeps {
  /** An open, migrated database; when absent buildApp opens one and closes it with the app. */
  database?: Database;
  /** A started pg-boss; when absent buildApp starts one and stops it with the app. */
  jobs?: Jobs;
  /** Log output; tests pass false. */
  logger?: boolean;
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger === false ? false : loggerOptions(config),
    trustProxy: config.trustProxy,
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ownsDatabase = !deps.database;
  const database =
    deps.database ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
    }));
  if (ownsDatabase) await runMigrations(database);
  const ownsJobs = !deps.jobs;
  const jobs = deps.jobs ?? (await startJobs(database));

  app.decorate('config', config);
  app.decorate('database', database);
  app.decorate('jobs', jobs);
  app.addHook('onClose', async () => {
    if (ownsJobs) await jobs.stop({ graceful: true, wait: true, timeout: 10_000 });
    if (ownsDatabase) await database.close();
  });

  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  registerErrorHandling(app);
  await registerSecurityHeaders(app, config);
  await registerRateLimit(app, database);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Trading Portal API', version: '0.1.0', description: 'Gateway to Global Trading' },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await registerStorage(app);
  await registerMail(app);
  registerAuth(app);

  await app.register(systemRoutes, { prefix: '/api' });
  await app.register(devMailboxRoutes, { prefix: '/api/dev/mailbox' });
  await app.register(publicAuthRoutes, { prefix: '/api/auth' });
  await app.register(privateAuthRoutes, { prefix: '/api/auth' });
  await app.register(statsRoutes, { prefix: '/api/stats' });
  await app.register(storiesRoutes, { prefix: '/api/stories' });
  await app.register(emailRoutes, { prefix: '/api/email' });

  await registerSpa(app, config);
  return app;
}
