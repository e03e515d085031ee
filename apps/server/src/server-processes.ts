import cluster, { type Worker } from 'node:cluster';
import pino from 'pino';
import type { AppConfig } from './config';
import { openDatabase, runMigrations } from './db/client';
import { logDestination, loggerOptions } from './plugins/logger';

/**
 * One instance as several server processes sharing its port (SERVER_PROCESSES, decision 0053):
 * node:cluster's primary runs the migrations once, starts the processes, hands each new
 * connection to one of those listening (round robin), starts another when one ends, and on
 * SIGTERM or SIGINT stops them all, each draining its requests and jobs as a lone server does.
 * The primary serves nothing itself.
 */

/** A server process forces its own exit 15 s after SIGTERM (server.ts); past this it is killed. */
const STOP_TIMEOUT_MS = 20_000;
/** A replacement that ends before it listens waits this long, doubling each time, before the next. */
const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

/** The start-up lines: where the server answers, and whose X-Forwarded-For it believes. */
export function announceRunning(log: Pick<pino.Logger, 'info'>, config: AppConfig, processes = ''): void {
  log.info(`Trading Portal is running on ${config.publicUrl}${processes}`);
  if (config.trustProxy === false) return;
  const trusted =
    typeof config.trustProxy === 'number'
      ? `the nearest ${config.trustProxy} proxy hop(s)`
      : `proxies at ${config.trustProxy.join(', ')}`;
  log.info(`Client addresses are read from X-Forwarded-For as set by ${trusted} (TRUST_PROXY)`);
}

export async function runServerProcesses(config: AppConfig): Promise<void> {
  const log = pino(loggerOptions(config), logDestination()).child({ role: 'primary' });
  // before any process starts, so none races another over the schema
  const connection = await openDatabase({ databaseUrl: config.databaseUrl });
  try {
    await runMigrations(connection);
  } finally {
    await connection.close();
  }

  const count = config.serverProcesses;
  const live = new Set<Worker>();
  const listening = new Set<Worker>();
  let allStarted = false;
  let stopping = false;
  let exitCode = 0;
  let retryMs = FIRST_RETRY_MS;
  const pendingStarts = new Set<NodeJS.Timeout>();

  const start = () => {
    const worker = cluster.fork();
    live.add(worker);
    worker.once('listening', () => {
      listening.add(worker);
      retryMs = FIRST_RETRY_MS;
      if (allStarted) log.info({ worker: worker.process.pid }, 'server process started in place of the one that ended');
      else if (listening.size === count) {
        allStarted = true;
        announceRunning(log, config, ` (${count} server processes)`);
      }
    });
    worker.once('exit', (code, signal) => ended(worker, code, signal));
  };

  const stop = (reason: string) => {
    if (stopping) return;
    stopping = true;
    for (const timer of pendingStarts) clearTimeout(timer);
    log.info({ reason }, 'shutting down: stopping the server processes');
    for (const worker of live) worker.process.kill('SIGTERM');
    const force = setTimeout(() => {
      log.error('server processes still running after 20 s: killed');
      exitCode = 1;
      for (const worker of live) worker.process.kill('SIGKILL');
    }, STOP_TIMEOUT_MS);
    force.unref();
    if (live.size === 0) process.exit(exitCode);
  };

  function ended(worker: Worker, code: number | null, signal: string | null): void {
    live.delete(worker);
    const wasListening = listening.delete(worker);
    const pid = worker.process.pid;
    if (stopping) {
      // one still starting has no handler for SIGTERM yet, and nothing to drain
      if (code !== 0 && !(signal === 'SIGTERM' && !wasListening)) exitCode = 1;
      if (live.size === 0) process.exit(exitCode);
      return;
    }
    if (!allStarted) {
      // a process that cannot start (its error is in the log above) would fail again at once
      log.fatal({ worker: pid, code, signal }, 'a server process ended before it was ready: stopping');
      exitCode = 1;
      stop('a server process failed to start');
      return;
    }
    const delay = wasListening ? 0 : retryMs;
    if (!wasListening) retryMs = Math.min(retryMs * 2, LONGEST_RETRY_MS);
    log.error({ worker: pid, code, signal }, `server process ended; starting another in ${delay} ms`);
    const timer = setTimeout(() => {
      pendingStarts.delete(timer);
      start();
    }, delay);
    pendingStarts.add(timer);
  }

  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
  for (let i = 0; i < count; i += 1) start();
}
