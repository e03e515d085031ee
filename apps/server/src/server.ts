import cluster from 'node:cluster';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/lock';
import { announceRunning, runServerProcesses } from './server-processes';

async function main(): Promise<void> {
  const config = loadConfig();
  if (cluster.isPrimary && config.serverProcesses > 1) return runServerProcesses(config);
  // a server process of several: the primary has run the migrations (server-processes.ts)
  const app = await buildApp(config, { migrated: cluster.isWorker });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  // of several processes, the primary says so once they all listen
  if (!cluster.isWorker) announceRunning(app.log, config);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
