import PgBoss from 'pg-boss';
import type { Database } from '../db/client';

export type Jobs = PgBoss;

export interface JobsOptions {
  /** Polling interval of workers, in seconds (pg-boss minimum 0.5). */
  pollingIntervalSeconds?: number;
  /** Run maintenance (archiving, expiring) in this instance. */
  supervise?: boolean;
}

/** pg-boss on the application's own database, whichever driver it uses. */
export async function startJobs(database: Database, options: JobsOptions = {}): Promise<Jobs> {
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
  await boss.start();
  return boss;
}

/** Creates the queue if missing (pg-boss 10 needs a queue before send). */
export async function ensureQueue(boss: Jobs, name: string, options: PgBoss.Queue = { name }): Promise<void> {
  const existing = await boss.getQueue(name);
  if (!existing) await boss.createQueue(name, { ...options, name });
}
