import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../config';
import { openDatabase, runMigrations, type Connection } from '../db/client';
import type PgBoss from 'pg-boss';
import { startBoss } from '../plugins/jobs';
import type { MarketProvider } from '../features/market/market-provider';
import { tempDir } from './temp-dirs';

/**
 * One migrated database per test worker: in-memory PGlite, or a PostgreSQL database of its own
 * when TEST_DATABASE_URL is set (CI's second pass). Tables are emptied between tests.
 */
interface WorkerState {
  databaseUrl?: Promise<string | undefined>;
  database?: Promise<Connection>;
  boss?: Promise<PgBoss>;
}
const state: WorkerState = ((globalThis as Record<string, unknown>).__tpTestState ??= {}) as WorkerState;

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

const workerSuffix = () => `w${process.env.VITEST_POOL_ID ?? '1'}`;

/** Runs statements on TEST_DATABASE_URL's server; names the database `<its name>_<suffix>`. */
async function onPostgresServer(
  suffix: string,
  work: (admin: pg.Client, name: string) => Promise<void>,
): Promise<string> {
  const baseUrl = process.env.TEST_DATABASE_URL;
  if (!baseUrl) throw new Error('TEST_DATABASE_URL is not set');
  const url = new URL(baseUrl);
  const name = `${url.pathname.slice(1) || 'tp_test'}_${suffix}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  try {
    await work(admin, name);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * A new, empty PostgreSQL database beside TEST_DATABASE_URL's, named `<its name>_<suffix>` (one a
 * run left behind is dropped first): the worker's own, or a test's scratch database (`dropPostgresDatabase`).
 */
export function emptyPostgresDatabase(suffix: string): Promise<string> {
  return onPostgresServer(suffix, async (admin, name) => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  });
}

export async function dropPostgresDatabase(suffix: string): Promise<void> {
  await onPostgresServer(suffix, async (admin, name) => {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
}

/** A scratch database's suffix, the worker's own so workers running at once do not share it. */
export const scratchSuffix = (purpose: string) => `${purpose}_${workerSuffix()}`;

/** The worker's own PostgreSQL database (for server processes a test starts), or undefined on PGlite. */
export function getTestDatabaseUrl(): Promise<string | undefined> {
  state.databaseUrl ??= usingPostgres ? emptyPostgresDatabase(workerSuffix()) : Promise.resolve(undefined);
  return state.databaseUrl;
}

export function getTestDatabase(): Promise<Connection> {
  state.database ??= (async () => {
    const database = await openDatabase({ databaseUrl: await getTestDatabaseUrl() });
    await runMigrations(database);
    return database;
  })();
  return state.database;
}

/** One started pg-boss per test worker; each test app runs its own workers on it and stops them on close. */
export function getTestBoss(): Promise<PgBoss> {
  state.boss ??= (async () => startBoss(await getTestDatabase(), { supervise: false }))();
  return state.boss;
}

export async function resetDatabase(database: Connection): Promise<void> {
  const { rows } = await database.query<{ tablename: string }>(
    "select tablename from pg_tables where schemaname = 'public'",
  );
  if (rows.length > 0) {
    await database.exec(`TRUNCATE ${rows.map((r) => `"${r.tablename}"`).join(', ')} RESTART IDENTITY CASCADE`);
  }
  // jobs left by earlier tests' apps would otherwise queue ahead of this test's jobs
  const boss = await database.query<{ present: boolean }>("select to_regclass('pgboss.job') is not null as present");
  if (boss.rows[0]?.present) await database.exec('DELETE FROM pgboss.job');
}

export function testConfig(overrides: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: tempDir('tp-test-'),
    AUTH_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

/** The app's log lines, kept in memory (pass to buildTestApp's `log`) for tests about what is logged. */
export interface CapturedLog {
  write(line: string): void;
  /** Every line written so far, raw. */
  text(): string;
  /** Every line as its JSON object. */
  entries(): Array<Record<string, unknown>>;
}

export function captureLog(): CapturedLog {
  const lines: string[] = [];
  return {
    write: (chunk) => void lines.push(...chunk.split('\n').filter(Boolean)),
    text: () => lines.join('\n'),
    entries: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
  };
}

/** A fresh app over the worker's database, emptied first unless `reset: false` (a restart). */
export async function buildTestApp(
  overrides: Record<string, string> = {},
  options: { reset?: boolean; log?: CapturedLog; market?: MarketProvider } = {},
): Promise<FastifyInstance> {
  const database = await getTestDatabase();
  if (options.reset ?? true) await resetDatabase(database);
  const boss = await getTestBoss();
  const config = testConfig({ ...(options.log ? { LOG_LEVEL: 'info' } : {}), ...overrides });
  const app = await buildApp(config, {
    connection: database,
    boss,
    logger: false,
    logStream: options.log,
    market: options.market,
  });
  await app.ready();
  return app;
}
