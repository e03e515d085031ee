import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MIGRATIONS_DIR, MIGRATIONS_LOCK_KEY, openDatabase, runMigrations, type Connection } from './client';
import * as schema from './schema';
import { dropPostgresDatabase, emptyPostgresDatabase, scratchSuffix } from '../test/helpers';

const SCRATCH = scratchSuffix('migrations');

const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
  entries: unknown[];
};

/** Sessions waiting for the migrations' advisory lock (a bigint key is split into classid and objid). */
const WAITING_FOR_LOCK = `select count(*)::int as n from pg_locks
  where locktype = 'advisory' and not granted and ((classid::bigint << 32) | objid::bigint) = $1`;

/** On PostgreSQL (this file runs only in the PostgreSQL pass) instances starting together share one database. */
describe('migrations on PostgreSQL', () => {
  const opened: Array<{ close(): Promise<void> }> = [];
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((handle) => handle.close()));
    await dropPostgresDatabase(SCRATCH);
  });

  it('are applied once when two instances migrate an empty database at the same time', async () => {
    const url = await emptyPostgresDatabase(SCRATCH);
    // a third session holds the lock, so both instances are seen waiting for it before either migrates
    const holder = new pg.Client({ connectionString: url });
    await holder.connect();
    opened.push({ close: () => holder.end() });
    const instances: Connection[] = [];
    for (let i = 0; i < 2; i += 1) instances.push(await openDatabase({ databaseUrl: url }));
    opened.push(...instances);
    await holder.query('select pg_advisory_lock($1)', [MIGRATIONS_LOCK_KEY]);

    const finished: number[] = [];
    const runs = Promise.allSettled(
      instances.map((instance, i) => runMigrations(instance).finally(() => finished.push(i))),
    );
    await vi.waitFor(
      async () => {
        expect(finished, 'an instance migrated while another held the lock').toEqual([]);
        const { rows } = await holder.query<{ n: number }>(WAITING_FOR_LOCK, [MIGRATIONS_LOCK_KEY]);
        expect(rows[0]?.n).toBe(2);
      },
      { timeout: 10_000, interval: 20 },
    );
    await holder.query('select pg_advisory_unlock($1)', [MIGRATIONS_LOCK_KEY]);
    for (const run of await runs) if (run.status === 'rejected') throw run.reason;

    const applied = await holder.query<{ n: number; hashes: number }>(
      'select count(*)::int as n, count(distinct hash)::int as hashes from drizzle.__drizzle_migrations',
    );
    expect(applied.rows[0]).toEqual({ n: journal.entries.length, hashes: journal.entries.length });
    const { rows } = await holder.query<{ tablename: string }>(
      "select tablename from pg_tables where schemaname = 'public'",
    );
    const tables = Object.values(schema).flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : []));
    expect(rows.map((row) => row.tablename).sort()).toEqual(expect.arrayContaining(tables));
    expect(tables.length).toBeGreaterThan(10);
  });
});
