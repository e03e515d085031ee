import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { executeText, type Database, type DbExecutor } from '../db/client';

export interface JobsOptions {
  /** Polling interval of workers, in seconds (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
  /** Run maintenance (archiving, expiring) in this instance. */
  supervise?: boolean;
}

export interface JobDefinition {
  /** Retries after a failure, with backoff (default 5). */
  retryLimit?: number;
  /** Seconds before the first retry (default 5). */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** A job running longer than this is taken as dead and retried (default 120). */
  expireInSeconds?: number;
  /** pg-boss queue policy: 'standard', or 'stately' for at most one queued and one active job per singletonKey. */
  policy?: 'standard' | 'short' | 'singleton' | 'stately';
  /** Jobs fetched per poll; each is handled and settled on its own (default 10). */
  batchSize?: number;
  /** Seconds between polls for this queue (default 1, minimum 0.5). */
  pollingIntervalSeconds?: number;
}

export interface EnqueueOptions {
  /** With a 'stately' queue: one queued job per key (a second enqueue is a no-op). */
  singletonKey?: string;
  /** With singletonKey: at most one job per key in each window of this many seconds (throttling). */
  singletonSeconds?: number;
  startAfter?: Date | number;
  priority?: number;
}

export interface JobContext {
  id: string;
  log: FastifyBaseLogger;
}

export type JobHandler<T> = (data: T, job: JobContext) => Promise<void>;

/**
 * Background jobs on the application's own database (pg-boss). A job is enqueued inside the
 * caller's transaction, so it exists if and only if the caller's writes commit.
 */
export interface JobQueue {
  /** Creates the queue if missing and starts this instance's worker for it. */
  define<T extends object>(name: string, handler: JobHandler<T>, options?: JobDefinition): Promise<void>;
  /** Adds a job through the caller's database or transaction. Resolves the job id (null when a singleton already waits). */
  enqueue<T extends object>(
    executor: DbExecutor,
    name: string,
    data: T,
    options?: EnqueueOptions,
  ): Promise<string | null>;
  /** Stops this instance's workers (queued jobs stay for the next start or another instance). */
  stopWorkers(): Promise<void>;
  /** The underlying pg-boss, for health checks and tests. */
  readonly boss: PgBoss;
}

/** pg-boss sends `$1`-style statements; run them through a Drizzle executor (the caller's transaction). */
function executeSqlThrough(executor: DbExecutor) {
  return { executeSql: (text: string, values: unknown[] = []) => executeText(executor, text, values) };
}

/** Errors two instances starting at once can meet while creating the same schema objects. */
const STARTUP_RACES = new Set(['40P01', '23505', '42P06', '42P07', '42710']);

/** Runs a schema-creating step again when another instance won a race for the same objects. */
async function retryStartupRace<T>(step: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await step();
    } catch (error) {
      const code = (error as { code?: unknown }).code;
      if (attempt >= 5 || typeof code !== 'string' || !STARTUP_RACES.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

export async function startBoss(database: Database, options: JobsOptions = {}): Promise<PgBoss> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => database.executeSql(text, values) },
    schema: 'pgboss',
    supervise: options.supervise ?? true,
    schedule: false,
    migrate: true,
  });
  boss.on('error', () => {
    /* pg-boss retries on its own; errors surface through job state and health */
  });
  await retryStartupRace(() => boss.start());
  return boss;
}

export function createJobQueue(boss: PgBoss, log: FastifyBaseLogger): JobQueue {
  const workers: string[] = [];
  return {
    boss,
    async define<T extends object>(name: string, handler: JobHandler<T>, options: JobDefinition = {}) {
      // instances starting together create the same queue: the loser of that race finds it made
      await retryStartupRace(async () => {
        if (await boss.getQueue(name)) return;
        await boss.createQueue(name, {
          name,
          policy: options.policy ?? 'standard',
          retryLimit: options.retryLimit ?? 5,
          retryDelay: options.retryDelay ?? 5,
          retryBackoff: options.retryBackoff ?? true,
          expireInSeconds: options.expireInSeconds ?? 120,
        });
      });
      const id = await boss.work<T>(
        name,
        { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, batchSize: options.batchSize ?? 10 },
        async (batch) => {
          // one failure must not fail (and re-run) the rest of the batch: each job settles on its own
          for (const job of batch) {
            try {
              await handler(job.data, { id: job.id, log });
            } catch (error) {
              const message = error instanceof Error ? error.message : String(error);
              log.warn({ queue: name, jobId: job.id, err: message }, 'job failed; it will be retried');
              await boss.fail(name, job.id, { message });
            }
          }
        },
      );
      workers.push(id);
    },
    async enqueue(executor, name, data, options = {}) {
      // pg-boss takes a number of seconds as text; through typed parameters only a Date is safe
      const { startAfter } = options;
      const when = typeof startAfter === 'number' ? new Date(Date.now() + startAfter * 1000) : startAfter;
      return boss.send(name, data as object, { ...options, startAfter: when, db: executeSqlThrough(executor) });
    },
    async stopWorkers() {
      for (const id of workers.splice(0)) await boss.offWork({ id });
    },
  };
}
