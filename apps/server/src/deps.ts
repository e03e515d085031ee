import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { Connection, Db } from './db/client';
import type { MarketProvider } from './features/market/market-provider';
import type { JobQueue } from './plugins/jobs';
import type { Mail } from './plugins/mail/mail';
import type { BlobStorage } from './plugins/storage';

/**
 * What every service receives, one way: `service(deps, input)`. Routes pass `app.deps`; jobs and
 * tests get the same object. Nothing else is decorated on the app for features to reach into.
 */
export interface Deps {
  config: AppConfig;
  /**
   * The database connection for raw statements (health checks, pg-boss, prepared statements); queries
   * through Drizzle use `db` below, on the same connection.
   */
  connection: Connection;
  /** The Drizzle client; pass it, or an open transaction, to functions taking a `DbExecutor`. */
  db: Db;
  jobs: JobQueue;
  mail: Mail;
  /** File blobs: local disk or an S3-compatible store. */
  storage: BlobStorage;
  /** Quotes, candles and the market's clock (MARKET_PROVIDER; the simulator by default). */
  market: MarketProvider;
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
