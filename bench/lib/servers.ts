// Helpers shared by the bench scripts: a scratch PostgreSQL database, signed-in users seeded
// straight into a database, and the built server started as a child process on loopback.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, runMigrations, type Connection } from '../../apps/server/src/db/client';
import { users } from '../../apps/server/src/db/schema';
import { createSession } from '../../apps/server/src/features/auth/sessions.service';
import {
  startServerProcess,
  type ServerProcess,
  type ServerProcessOptions,
} from '../../apps/server/src/test/server-process';

export type { ServerProcess };

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const BENCH_SECRET = 'bench-secret-that-is-long-enough-for-hs256-signing';

/** PostgreSQL to measure on, when one is named: BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL. */
export const benchServerUrl = (): string | undefined =>
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;

/** A scratch database on the given server (created, used, dropped), so a bench never writes into a real one. */
export async function withScratchDatabase<T>(
  serverUrl: string,
  name: string,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const url = new URL(serverUrl);
  const database = `${name}_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${database}"`);
    url.pathname = `/${database}`;
    return await use(url.toString());
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS "${database}" WITH (FORCE)`);
    await admin.end();
  }
}

/** A database of that name on the given server, created if it is not there, and kept: its URL. */
export async function keptDatabase(serverUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    const { rowCount } = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Migrates the database and signs `count` new users in (a session each); returns their access
 * tokens. `seed` writes what else the bench needs for those users into the same database first.
 */
export async function seedSignedInUsers(
  where: { databaseUrl?: string; pgliteDir?: string },
  count: number,
  seed?: (database: Connection, userIds: string[]) => Promise<void>,
): Promise<string[]> {
  const database = await openDatabase(where);
  try {
    await runMigrations(database);
    const run = Date.now().toString(36);
    const rows = await database.db
      .insert(users)
      .values(Array.from({ length: count }, (_, i) => ({ email: `bench-${run}-${i}@example.com`, name: 'Bench' })))
      .returning({ id: users.id });
    const tokens: string[] = [];
    for (const row of rows) {
      const session = await createSession(
        { config: { auth: { secret: BENCH_SECRET } } } as never,
        database.db,
        row.id,
        true,
        {
          ipAddress: '127.0.0.1',
          userAgent: 'bench',
        },
      );
      tokens.push(session.token);
    }
    await seed?.(
      database,
      rows.map((row) => row.id),
    );
    return tokens;
  } finally {
    await database.close();
  }
}

/** A fresh DATA_DIR in the system temp folder for `use`, removed afterwards. */
export async function withDataDir<T>(prefix: string, use: (dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), prefix));
  try {
    return await use(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * The built server (apps/server/dist, or the copy of a build that BENCH_SERVER_DIST names, for A/B
 * runs of two builds) as a production process of its own on 127.0.0.1: one server process unless
 * `env` sets SERVER_PROCESSES (bench/capacity.ts does). `nodeArgs` go to its node (and to its
 * server processes) after those of BENCH_SERVER_NODE_ARGS.
 */
export function startBuiltServer(
  env: Record<string, string>,
  options: Omit<ServerProcessOptions, 'entry' | 'nodeEnv' | 'secret'> = {},
): Promise<ServerProcess> {
  return startServerProcess(env, {
    // a shared, loaded machine can take longer than a minute to migrate and start (BENCH_SERVER_START_MS)
    startTimeoutMs: Number(process.env.BENCH_SERVER_START_MS ?? 60_000),
    ...options,
    entry: { dist: process.env.BENCH_SERVER_DIST ?? 'apps/server/dist' },
    nodeEnv: 'production',
    secret: BENCH_SECRET,
    nodeArgs: [...(process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []), ...(options.nodeArgs ?? [])],
  });
}

/**
 * Seconds of CPU (user + system) a process has used so far, all its threads or (`mainThreadOnly`)
 * the thread that runs its JavaScript; 0 once it is gone.
 */
export function cpuSecondsOf(pid: number, options: { mainThreadOnly?: boolean } = {}): number {
  const fields = statFields(options.mainThreadOnly ? `${pid}/task/${pid}` : pid);
  return fields ? (Number(fields[11]) + Number(fields[12])) / 100 : 0; // clock ticks (CLK_TCK 100 on Linux)
}

/** Seconds of CPU (user + system) of a process's children that exited and were reaped (cutime + cstime). */
export function reapedChildrenCpuSecondsOf(pid: number): number {
  const fields = statFields(pid);
  return fields ? (Number(fields[13]) + Number(fields[14])) / 100 : 0;
}

/** The processes a process started that are still running, from /proc (Linux); [] once it is gone. */
export function childrenOf(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * Seconds of CPU of a process's children so far: those reaped, and those still running (a reader
 * the extraction host keeps for the next file), with what their own reaped children used.
 */
export function childrenCpuSecondsOf(pid: number): number {
  // gone, or no /proc: only what was reaped
  const live = childrenOf(pid).reduce((sum, child) => sum + cpuSecondsOf(child) + reapedChildrenCpuSecondsOf(child), 0);
  return live + reapedChildrenCpuSecondsOf(pid);
}

/**
 * The fields of /proc/<entry>/stat after the command name (which is in parentheses): [1] ppid,
 * [11]–[14] utime, stime, cutime, cstime; null once the process is gone.
 */
function statFields(entry: number | string): string[] | null {
  try {
    const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * Seconds of CPU a process and all its descendants have used so far: each living process's own
 * time plus that of its children that exited (reaped children's time is added to their parent's
 * cutime and cstime), so a helper process and the short-lived processes it starts all count.
 */
export function treeCpuSecondsOf(pid: number): number {
  const children = new Map<number, number[]>();
  const seconds = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const fields = statFields(entry);
    if (!fields) continue;
    const ppid = Number(fields[1]);
    children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    seconds.set(
      Number(entry),
      (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / 100,
    );
  }
  let total = 0;
  const pending = [pid];
  while (pending.length > 0) {
    const next = pending.pop()!;
    total += seconds.get(next) ?? 0;
    pending.push(...(children.get(next) ?? []));
  }
  return total;
}

/**
 * CPU of the PostgreSQL processes working for one database while a window is open: its backends
 * (including ones the pools open during the window, found by polling pg_stat_activity every
 * `pollMs`) and, separately, the server's background processes (WAL writer, checkpointer,
 * background writer, autovacuum launcher), which serve every database of that server.
 */
export class PostgresCpuMeter {
  private client: pg.Client | null = null;
  private timer: NodeJS.Timeout | undefined;
  /** Per pid: a background process or not, its CPU seconds when first and when last seen. */
  private readonly seen = new Map<number, { background: boolean; first: number; last: number }>();

  constructor(
    private readonly url: string,
    private readonly pollMs = 2_000,
  ) {}

  async start(): Promise<void> {
    this.client = new pg.Client({ connectionString: this.url });
    await this.client.connect();
    this.seen.clear();
    await this.poll(true);
    this.timer = setInterval(() => void this.poll(false).catch(() => undefined), this.pollMs);
  }

  private async poll(atStart: boolean): Promise<void> {
    const { rows } = await this.client!.query<{ pid: number; background: boolean }>(
      `select pid, datname is null as background from pg_stat_activity
       where pid <> pg_backend_pid() and (datname = current_database() or (datname is null and backend_type <> 'client backend'))`,
    );
    for (const row of rows) {
      const cpu = cpuSecondsOf(Number(row.pid));
      const known = this.seen.get(Number(row.pid));
      // a backend first seen after the start was opened during the window: all its CPU counts
      if (known)
        known.last = Math.max(known.last, cpu); // 0 once it has gone
      else this.seen.set(Number(row.pid), { background: row.background, first: atStart ? cpu : 0, last: cpu });
    }
  }

  /** Closes the window: CPU seconds of the database's backends and of the background processes in it. */
  async stop(): Promise<{ backends: number; background: number }> {
    clearInterval(this.timer);
    await this.poll(false);
    await this.client!.end();
    this.client = null;
    let backends = 0;
    let background = 0;
    for (const { background: isBackground, first, last } of this.seen.values()) {
      if (isBackground) background += last - first;
      else backends += last - first;
    }
    return { backends, background };
  }
}

/** A process's resident memory now (VmRSS) and its peak since it started (VmHWM), in bytes. */
export function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)?.[1] ?? NaN) * 1024;
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** The PostgreSQL backends connected to the database of `url` (the server's pool and its job workers). */
export async function backendPids(url: string): Promise<number[]> {
  const database = await openDatabase({ databaseUrl: url });
  try {
    const { rows } = await database.query<{ pid: number }>(
      'select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
    );
    return rows.map((row) => Number(row.pid));
  } finally {
    await database.close();
  }
}

export const percentile = (sorted: readonly number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
