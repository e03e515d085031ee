import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { openDatabase, runMigrations, type Connection } from '../../apps/server/src/db/client';

/**
 * The real app in this process over a migrated database (PGlite in memory, or `databaseUrl`), for
 * `use`; closed and its DATA_DIR removed afterwards.
 */
export async function withBenchApp(
  bench: string,
  databaseUrl: string | undefined,
  env: Record<string, string>,
  use: (app: FastifyInstance, database: Connection) => Promise<void>,
): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `tp-bench-${bench}-`));
  const database = await openDatabase({ databaseUrl });
  await runMigrations(database);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    AUTH_SECRET: 'bench-secret-that-is-long-enough-for-signing',
    ...env,
  });
  const app = await buildApp(config, { connection: database, logger: false });
  try {
    await use(app, database);
  } finally {
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
