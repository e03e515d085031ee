import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { sql, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';
import { acquireDataDirLock } from './lock';
import { markDatabaseError } from './outage';
import { PreparingClient } from './prepared-statements';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** An open transaction (or savepoint) on the database. */
export type Transaction = Parameters<Parameters<Db['transaction']>[0]>[0];
/**
 * What a service function that reads or writes takes: the database or an open transaction, so a
 * caller decides whether the work joins its transaction. No casts needed either way.
 */
export type DbExecutor = Db | Transaction;

/** One database handle for both drivers: Drizzle for queries, plus raw access for pg-boss and health. */
export interface Connection {
  kind: 'pglite' | 'postgres';
  db: Db;
  /**
   * A parameterised statement. With a `name` it is prepared once per connection (PostgreSQL) and
   * only bound and run afterwards: for hot statements, whose parse and plan would cost more than their work.
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[], name?: string): Promise<{ rows: T[] }>;
  /** A parameterless script of several statements. */
  exec(script: string): Promise<void>;
  /** pg-boss's adapter: parameterised statements as queries, parameterless scripts as one exec. */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** Applies the migrations not yet applied (`runMigrations`). */
  migrate(): Promise<void>;
  close(): Promise<void>;
}

/** Beside this module in src/db, and beside the bundle in dist (the build copies them). */
export const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenDatabaseOptions {
  databaseUrl?: string;
  /** Directory of the embedded database; undefined means in memory (tests). */
  pgliteDir?: string;
  /** Wait for a crashed holder's lock to turn stale (default true). */
  waitForLock?: boolean;
}

export async function openDatabase(options: OpenDatabaseOptions): Promise<Connection> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(options.pgliteDir, options.waitForLock ?? true);
}

/** A pool whose connection failures say they came from the database (Drizzle's transactions connect here). */
class DatabasePool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: Parameters<pg.Pool['connect']>[0]): void;
  override connect(callback?: Parameters<pg.Pool['connect']>[0]): Promise<pg.PoolClient> | void {
    if (callback) return super.connect(callback);
    return super.connect().catch((error: unknown) => {
      throw markDatabaseError(error);
    });
  }
}

/** Runs a raw statement, marking its failure as the database's. */
async function marked<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw markDatabaseError(error);
  }
}

async function openPostgres(url: string): Promise<Connection> {
  const pool = new DatabasePool({ connectionString: url, max: 10, Client: PreparingClient });
  pool.on('error', () => {
    /* an idle client lost its connection; the pool replaces it and health reports the outage */
  });
  const db = drizzlePg(pool, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    query: async (text, params, name) => {
      const result = await marked(() => pool.query({ text, values: params as unknown[], ...(name ? { name } : {}) }));
      return { rows: result.rows };
    },
    exec: async (script) => {
      await marked(() => pool.query(script));
    },
    executeSql: async (text, values) => {
      const result = await marked(() => pool.query(text, values as unknown[]));
      // a multi-statement script answers with one result per statement
      const last = Array.isArray(result) ? result.at(-1) : result;
      return { rows: last?.rows ?? [] };
    },
    migrate: () => migratePostgres(pool),
    close: () => pool.end(),
  };
}

/**
 * The session-level advisory lock every instance on one PostgreSQL database holds while it
 * migrates: drizzle's migrator takes no lock of its own, so two instances starting together on an
 * empty database would both apply the same migration. Any fixed number works; this one spells "tpmig".
 */
export const MIGRATIONS_LOCK_KEY = 0x74706d6967;

/** The migrations under the advisory lock, on one connection of the pool: a second instance waits, then finds nothing to do. */
async function migratePostgres(pool: pg.Pool): Promise<void> {
  const client = await pool.connect();
  let healthy = false;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK_KEY]);
    try {
      await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATIONS_LOCK_KEY]);
    }
    healthy = true;
  } finally {
    // after a failure the connection is dropped, not reused: its session, and a lock it held, end with it
    client.release(!healthy);
  }
}

async function openPglite(dir: string | undefined, waitForLock: boolean): Promise<Connection> {
  let release: (() => Promise<void>) | undefined;
  if (dir) {
    mkdirSync(dir, { recursive: true });
    release = await acquireDataDirLock(dir, waitForLock);
  }
  try {
    // btree_gin: the content search's index holds the owner beside the words (migration 0013)
    const extensions = { btree_gin };
    const client = dir ? await PGlite.create(dir, { extensions }) : await PGlite.create({ extensions });
    const pgliteDb = drizzlePglite(client, { schema });
    const db = pgliteDb as unknown as Db;
    const prepared = new Map<string, Promise<unknown>>();
    return {
      kind: 'pglite',
      db,
      query: async (text, params = [], name) => {
        if (!name) {
          const result = await marked(() => client.query(text, params));
          return { rows: result.rows as never[] };
        }
        // the embedded database plans an unnamed statement on every call (in WebAssembly, several
        // times the cost of running it): a named one is PREPAREd once and EXECUTEd with its values
        // as literals (EXECUTE takes no bound parameters); the text's casts give their types
        let preparing = prepared.get(name);
        if (!preparing) {
          preparing = client.exec(`prepare ${quoteIdentifier(name)} as ${text}`);
          prepared.set(name, preparing);
          preparing.catch(() => prepared.delete(name));
        }
        await marked(() => preparing);
        const args = params.length > 0 ? `(${params.map(sqlLiteral).join(', ')})` : '';
        const result = await marked(() => client.query(`execute ${quoteIdentifier(name)}${args}`));
        return { rows: result.rows as never[] };
      },
      exec: async (script) => {
        await marked(() => client.exec(script));
      },
      executeSql: async (text, values) => {
        if (values && values.length > 0) {
          const result = await marked(() => client.query(text, values));
          return { rows: result.rows };
        }
        const results = await marked(() => client.exec(text));
        return { rows: results.at(-1)?.rows ?? [] };
      },
      // in-process and single-user (the DATA_DIR lock keeps other processes out): nothing to wait for
      migrate: () => migratePglite(pgliteDb, { migrationsFolder: MIGRATIONS_DIR }),
      close: async () => {
        await client.close();
        await release?.();
      },
    };
  } catch (error) {
    await release?.();
    throw error;
  }
}

const quoteIdentifier = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** An array element inside an array literal: double-quoted, with `"` and `\` escaped. */
function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (Array.isArray(value)) throw new Error('sqlLiteral: nested arrays are not supported');
  return `"${scalarText(value).replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

function scalarText(value: unknown): string {
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * A value as an SQL literal of unknown type (the statement's casts give its type), for EXECUTE on
 * the embedded database: NULL, or the text in single quotes with quotes doubled
 * (standard_conforming_strings, PostgreSQL's default, so a backslash is just a backslash); an array
 * as its array literal, quoted the same way.
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = Array.isArray(value) ? `{${value.map(arrayElement).join(',')}}` : scalarText(value);
  if (text.includes('\0')) throw new Error('sqlLiteral: text cannot hold a NUL character');
  return `'${text.replace(/'/g, "''")}'`;
}

/** What both drivers answer a raw statement with: its rows, and for a write how many it touched. */
interface RawResult<T> {
  rows: T[];
  /** node-postgres */
  rowCount?: number | null;
  /** PGlite */
  affectedRows?: number;
}

const executeRaw = async <T>(executor: DbExecutor, query: SQL) =>
  (await executor.execute(query)) as unknown as RawResult<T>;

/**
 * The rows a raw `sql` statement answers (a select, or a write's `returning`), typed by the
 * caller, through a Drizzle executor (the database, or the caller's open transaction). Column
 * names are as the statement gives them (snake_case unless aliased).
 */
export async function executeRows<T = Record<string, unknown>>(executor: DbExecutor, query: SQL): Promise<T[]> {
  return (await executeRaw<T>(executor, query)).rows;
}

/** How many rows a raw `sql` write inserted, updated or deleted. */
export async function executeCount(executor: DbExecutor, query: SQL): Promise<number> {
  const result = await executeRaw<never>(executor, query);
  return Number(result.rowCount ?? result.affectedRows ?? 0);
}

/** A `$1`-style statement (pg-boss's, or a `Statement`'s: executeStatement) through a Drizzle executor, as `executeRows`. */
export async function executeText<T = Record<string, unknown>>(
  executor: DbExecutor,
  text: string,
  values: readonly unknown[] = [],
): Promise<{ rows: T[] }> {
  const parts = text.split(/\$(\d+)/);
  // sql.param: an array stays one parameter (a Postgres array), not a list
  const chunks: SQL[] = parts.map((part, i) =>
    i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1] ?? null)}`,
  );
  return { rows: await executeRows<T>(executor, sql.join(chunks)) };
}

/**
 * A hand-written statement built by a repository function from named arguments: its text, its
 * values in the order of `$1`, `$2`, …, and a `name` for a hot statement, prepared once per
 * connection (kept stable: it names the plan on every connection).
 */
export interface Statement {
  text: string;
  values: unknown[];
  name?: string;
}

/** A statement's rows on the connection (prepared when it has a name). */
export async function runStatement<T = Record<string, unknown>>(
  connection: Pick<Connection, 'query'>,
  statement: Statement,
): Promise<T[]> {
  return (await connection.query<T>(statement.text, statement.values, statement.name)).rows;
}

/** A statement's rows through a Drizzle executor (the caller's open transaction), unprepared. */
export async function executeStatement<T = Record<string, unknown>>(
  executor: DbExecutor,
  statement: Statement,
): Promise<T[]> {
  return (await executeText<T>(executor, statement.text, statement.values)).rows;
}

/**
 * The database's health: 'ok' when a trivial query answers within `timeoutMs`, else 'error' (a
 * database that hangs must not hang the health check with it).
 */
export async function checkDatabase(connection: Pick<Connection, 'query'>, timeoutMs = 3_000): Promise<'ok' | 'error'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('database health check timed out')), timeoutMs);
  });
  try {
    await Promise.race([connection.query('select 1'), timeout]);
    return 'ok';
  } catch {
    return 'error';
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Applies the migrations not yet applied. On PostgreSQL under `MIGRATIONS_LOCK_KEY`, so instances
 * starting together on one database apply each migration once.
 */
export function runMigrations(connection: Connection): Promise<void> {
  return connection.migrate();
}
