import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { AppConfig } from './config';
import { openDatabase, runMigrations, type Connection } from './db/client';
import type { Deps } from './deps';
import { createJobQueue, startBoss } from './plugins/jobs';
import { answerClientError, answerFrameworkError, refuseWhileClosing, registerErrorHandling } from './plugins/errors';
import { registerResponseHeaders } from './plugins/security';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSpa } from './plugins/spa';
import { responseSerializerCompiler } from './plugins/response-serializer';
import { logDestination, loggerOptions, AccessLog } from './plugins/logger';
import { registerMail } from './plugins/mail';
import { endInterruptedLeases } from './plugins/mail/delivery';
import { createStorage } from './plugins/storage';
import { registerAuth } from './plugins/auth';
import systemRoutes from './features/system/system.routes';
import devMailboxRoutes from './features/dev-mailbox/dev-mailbox.routes';
import authRoutes from './features/auth/auth.routes';
import statsRoutes from './features/stats/stats.routes';
import storiesRoutes from './features/stories/stories.routes';
import emailRoutes from './features/email/email.routes';
import contactUsRoutes from './features/contact-us/contact-us.routes';
import newsletterRoutes from './features/newsletter/newsletter.routes';
import contentRoutes from './features/content/content.routes';
import marketRoutes from './features/market/market.routes';
import tradingRoutes from './features/trading/trading.routes';
import { createMarketProvider } from './features/market/providers';
import type { MarketProvider } from './features/market/market-provider';
import activityRoutes from './features/activity/activity.routes';
import userPreferencesRoutes from './features/user-preferences/user-preferences.routes';
import licenseRoutes from './features/license/license.routes';
import campaignsRoutes from './features/campaigns/campaigns.routes';
import deskRoutes from './features/desk/desk.routes';
import type PgBoss from 'pg-boss';

export interface AppDeps {
  /** An open, migrated database connection; when absent buildApp opens one and closes it with the app. */
  connection?: Connection;
  /** The database is known to be migrated (another process did it); otherwise buildApp migrates the one it opens. */
  migrated?: boolean;
  /** A started pg-boss; when absent buildApp starts one and stops it with the app. */
  boss?: PgBoss;
  /** Log output; tests pass false. */
  logger?: boolean;
  /** Where the log goes instead of stdout (tests that read the log). */
  logStream?: { write(line: string): void };
  /** The market (and its clock); by default the provider MARKET_PROVIDER names, on the wall clock. */
  market?: MarketProvider;
}

/** A hop count becomes the function Fastify's types accept (proxy-addr does the same with a number). */
function trustProxyOption(trust: AppConfig['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

export async function buildApp(config: AppConfig, deps: AppDeps = {}): Promise<FastifyInstance> {
  const accessLog = new AccessLog({ everyRequest: config.logEveryRequest });
  const app = Fastify({
    logger: deps.logStream
      ? { ...loggerOptions(config), stream: deps.logStream }
      : deps.logger === false
        ? false
        : { ...loggerOptions(config), stream: logDestination() },
    logController: accessLog,
    trustProxy: trustProxyOption(config.trustProxy),
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    bodyLimit: 1_048_576,
    // ids are validated by their schemas (a 400 naming the field); only absurd segments are a 414
    routerOptions: { maxParamLength: 512 },
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.addHook('onClose', async () => accessLog.close());
  app.setValidatorCompiler(validatorCompiler);
  // production writes answers with serializers compiled from the schemas; elsewhere zod checks each one too
  app.setSerializerCompiler(responseSerializerCompiler({ validate: config.env !== 'production' }));

  const ownsConnection = !deps.connection;
  const connection =
    deps.connection ??
    (await openDatabase({
      databaseUrl: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'db'),
    }));
  if (ownsConnection && !deps.migrated) await runMigrations(connection);
  const ownsBoss = !deps.boss;
  const boss = deps.boss ?? (await startBoss(connection));
  const jobs = createJobQueue(boss, app.log);
  if (ownsConnection && connection.kind === 'pglite') {
    // the embedded database admits one process (DATA_DIR lock): whatever a previous one left in
    // progress was cut short, and goes again now rather than when its lease and job expire
    await jobs.failInterrupted();
    await endInterruptedLeases(connection);
  }
  // job workers and periodic tasks (jobs.every) stop, their runs ended, before any onClose hook
  // (they run last-registered first) closes what a running one uses: mail transport, database
  app.addHook('preClose', () => jobs.stopWorkers());
  app.addHook('onClose', async () => {
    if (ownsBoss) await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    if (ownsConnection) await connection.close();
  });
  const storage = await createStorage(config.storage, app.log);
  app.addHook('onClose', () => storage.close());
  const market = deps.market ?? createMarketProvider(config.marketProvider);
  const base = { config, connection, db: connection.db, jobs, storage, market, log: app.log };
  app.decorate('deps', { ...base, mail: await registerMail(app, base) } satisfies Deps);

  registerErrorHandling(app);
  registerResponseHeaders(app, config, refuseWhileClosing(app));
  await registerRateLimit(app, app.deps);

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

  registerAuth(app);

  // one line per feature: each is a plugin owning its routes (and its jobs, when it has some)
  await app.register(systemRoutes);
  await app.register(devMailboxRoutes);
  await app.register(authRoutes);
  await app.register(statsRoutes);
  await app.register(storiesRoutes);
  await app.register(emailRoutes);
  await app.register(contactUsRoutes);
  await app.register(newsletterRoutes);
  await app.register(contentRoutes);
  await app.register(marketRoutes);
  await app.register(tradingRoutes);
  await app.register(activityRoutes);
  await app.register(userPreferencesRoutes);
  await app.register(licenseRoutes);
  await app.register(campaignsRoutes);
  await app.register(deskRoutes);

  await registerSpa(app, config);
  return app;
}
