import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { executeText, type Connection, type DbExecutor } from '../db/client';
import { safeErrorMessage } from './log-safety';
import { createPeriodicTasks, type EveryOptions, type PeriodicTask } from './periodic-tasks';

export type { EveryOptions, PeriodicTask } from './periodic-tasks';

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
  /** Aborted when this instance stops its workers: a long handler ends early and leaves the rest to the next run. */
  signal: AbortSignal;
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
  /**
   * Runs `task` in this process every `everyMs` (and at once with `atStart`): the one way to do
   * periodic work. A run never overlaps the previous one (that tick is skipped); a failed run is
   * logged and the next tick runs. Stopped by `stopWorkers`, which waits for a run in progress.
   */
  every(name: string, everyMs: number, task: PeriodicTask, options?: EveryOptions): void;
  /**
   * Stops this instance's workers and periodic tasks, resolving once the jobs and runs in progress
   * have ended (queued jobs stay for the next start or another instance).
   */
  stopWorkers(): Promise<void>;
  /**
   * Fails every job still marked active, so it is retried now rather than when it expires. Only
   * where no other process can be running jobs: the embedded database, locked to one process.
   */
  failInterrupted(): Promise<number>;
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

export async function startBoss(connection: Connection, options: JobsOptions = {}): Promise<PgBoss> {
  const boss = new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => connection.executeSql(text, values) },
    schema: 'pgboss',
    supervise: options.supervise ?? true,
    // expired jobs (their worker died) are failed and retried within this many seconds of expiring
    maintenanceIntervalSeconds: 30,
    schedule: false,
    migrate: true,
  });
  boss.on('error', () => {
    /* pg-boss retries on its own; errors surface through job state and health */
  });
  await retryStartupRace(() => boss.start());
  return boss;
}

interface Worker {
  /** Resolves once the loop has exited: no fetch in flight, and the jobs already fetched settled. */
  stop(): Promise<void>;
  /** A job was just enqueued here: poll again within the queue's own interval, however long it has idled. */
  hurry(): void;
}

/** An idle queue's polls space out, doubling up to this many times its interval (and at most to IDLE_POLL_CAP_MS). */
const IDLE_POLL_BACKOFF = 8;
const IDLE_POLL_CAP_MS = 5_000;

/**
 * One queue's fetch-handle-settle loop. Our own rather than pg-boss's work(), whose offWork()
 * returns while a fetch or a handler is still running: a stopped app could then take jobs it
 * no longer has the resources (mail transport, database) to run.
 *
 * A queue that finds nothing polls less and less often (its interval doubling, up to
 * IDLE_POLL_CAP_MS): six queues polling every half second or second were ≈ 6 % of a core on the
 * embedded database while the app did nothing else. A job enqueued by this process hurries its
 * queue's next poll back to the queue's interval, so its latency is as before; a job enqueued by
 * another instance or a retry coming due waits at most the capped interval.
 */
function startWorker<T extends object>(
  boss: PgBoss,
  log: FastifyBaseLogger,
  name: string,
  handler: JobHandler<T>,
  { batchSize, intervalMs, signal }: { batchSize: number; intervalMs: number; signal: AbortSignal },
): Worker {
  let stopping = false;
  let wake: (() => void) | undefined;
  let hurry: (() => void) | undefined;
  const longestIdleMs = Math.max(intervalMs, Math.min(intervalMs * IDLE_POLL_BACKOFF, IDLE_POLL_CAP_MS));
  let idleMs = intervalMs;
  const idle = () =>
    new Promise<void>((resolve) => {
      const done = () => {
        wake = hurry = undefined;
        resolve();
      };
      let timer = setTimeout(done, idleMs);
      const due = Date.now() + idleMs;
      wake = () => {
        clearTimeout(timer);
        done();
      };
      hurry = () => {
        if (due - Date.now() <= intervalMs) return;
        clearTimeout(timer);
        timer = setTimeout(done, intervalMs);
      };
    });

  const settle = async (batch: PgBoss.Job<T>[]) => {
    const done: string[] = [];
    // one failure must not fail (and re-run) the rest of the batch: each job settles on its own
    for (const job of batch) {
      try {
        await handler(job.data, { id: job.id, log, signal });
        done.push(job.id);
      } catch (error) {
        log.warn({ queue: name, jobId: job.id, err: error }, 'job failed; it will be retried');
        // kept in pg-boss's table: the diagnosis, not the failed statement's parameters
        await boss.fail(name, job.id, { message: safeErrorMessage(error) });
      }
    }
    if (done.length > 0) await boss.complete(name, done);
  };

  const loop = (async () => {
    while (!stopping) {
      try {
        const batch = await boss.fetch<T>(name, { batchSize });
        if (batch.length > 0) {
          idleMs = intervalMs;
          await settle(batch);
          continue;
        }
        idleMs = Math.min(idleMs * 2, longestIdleMs);
      } catch (error) {
        log.warn({ queue: name, err: error }, 'job queue unreachable; polling again');
      }
      if (!stopping) await idle();
    }
  })();

  return {
    async stop() {
      stopping = true;
      wake?.();
      await loop;
    },
    hurry() {
      idleMs = intervalMs;
      hurry?.();
    },
  };
}

export function createJobQueue(boss: PgBoss, log: FastifyBaseLogger): JobQueue {
  const workers = new Map<string, Worker>();
  const stopping = new AbortController();
  const periodic = createPeriodicTasks(log, stopping.signal);
  return {
    boss,
    async define<T extends object>(name: string, handler: JobHandler<T>, options: JobDefinition = {}) {
      // instances starting together create the same queue: the loser of that race finds it made
      const settings = {
        name,
        policy: options.policy ?? 'standard',
        retryLimit: options.retryLimit ?? 5,
        retryDelay: options.retryDelay ?? 5,
        retryBackoff: options.retryBackoff ?? true,
        expireInSeconds: options.expireInSeconds ?? 120,
      } as const;
      await retryStartupRace(async () => {
        // a queue made by an earlier version takes this definition's retry and expiry settings
        if (await boss.getQueue(name)) await boss.updateQueue(name, settings);
        else await boss.createQueue(name, settings);
      });
      workers.set(
        name,
        startWorker(boss, log, name, handler, {
          batchSize: options.batchSize ?? 10,
          intervalMs: Math.max(0.5, options.pollingIntervalSeconds ?? 1) * 1000,
          signal: stopping.signal,
        }),
      );
    },
    async enqueue(executor, name, data, options = {}) {
      // pg-boss takes a number of seconds as text; through typed parameters only a Date is safe
      const { startAfter } = options;
      const when = typeof startAfter === 'number' ? new Date(Date.now() + startAfter * 1000) : startAfter;
      const id = await boss.send(name, data as object, {
        ...options,
        startAfter: when,
        db: executeSqlThrough(executor),
      });
      workers.get(name)?.hurry();
      return id;
    },
    every: periodic.every,
    async stopWorkers() {
      stopping.abort();
      const stopped = [...workers.values()];
      workers.clear();
      await Promise.all([periodic.stop(), ...stopped.map((worker) => worker.stop())]);
    },
    async failInterrupted() {
      const { rows } = (await boss
        .getDb()
        .executeSql("select id, name from pgboss.job where state = 'active'", [])) as {
        rows: Array<{ id: string; name: string }>;
      };
      const byQueue = new Map<string, string[]>();
      for (const row of rows) byQueue.set(row.name, [...(byQueue.get(row.name) ?? []), row.id]);
      for (const [queue, ids] of byQueue) {
        for (const id of ids) await boss.fail(queue, id, { message: 'interrupted: the process running it stopped' });
      }
      if (rows.length > 0) log.warn({ jobs: rows.length }, 'jobs left running by a stopped process will run again');
      return rows.length;
    },
  };
}
