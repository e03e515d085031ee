import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { executeCount, executeRows, openDatabase, runMigrations } from './client';
import { DataDirLockedError } from './lock';
import { getTestDatabase, getTestBoss } from '../test/kit';
import { createJobQueue } from '../plugins/jobs';
import { hitCounter, peekCounter } from '../plugins/rate-limit';
import { tempDir } from '../test/temp-dirs';

const silentLog = pino({ level: 'silent' });

describe('database', () => {
  // the worker's database and job queue are created once, in a hook, not inside a test's time
  beforeAll(async () => {
    await getTestBoss();
  });

  it('holds an exclusive lock on the embedded data directory and refuses a second opener', async () => {
    const dir = path.join(tempDir('tp-lock-'), 'db');
    const first = await openDatabase({ pgliteDir: dir });
    try {
      await runMigrations(first);
      const second = openDatabase({ pgliteDir: dir, waitForLock: false });
      await expect(second).rejects.toBeInstanceOf(DataDirLockedError);
      await expect(second).rejects.toThrow(/already in use by another process/);
    } finally {
      await first.close();
    }
    // released on close: a new process (here, a new handle) may open it and finds its data
    const second = await openDatabase({ pgliteDir: dir });
    const { rows } = await second.query<{ n: number }>('select count(*)::int as n from users');
    expect(rows[0]?.n).toBe(0);
    await second.close();
  }, 60_000);

  it('answers a named (prepared) statement as the plain one, whatever its values hold', async () => {
    // on the embedded database a named statement is PREPAREd once and its values sent as literals
    const database = await getTestDatabase();
    const text = `select $1::text as t, $2::text[] as a, $3::numeric as n, $4::uuid as u, $5::jsonb as j, $6::int[] as i`;
    const tricky = [
      `it's "quoted" \\ back\\slash, {braces}, commas; --`,
      [`a'b`, 'c"d', 'e\\f', null, 'NULL', '', '{x,y}'],
      '12.3400000000',
      '00000000-0000-4000-8000-000000000001',
      JSON.stringify({ legs: [{ price: "1'2" }] }),
      [1, null, 3],
    ];
    const plain = await database.query(text, tricky);
    const named = await database.query(text, tricky, 'database_test_literals');
    const again = await database.query(text, [null, [], '0', tricky[3], 'null', []], 'database_test_literals');
    expect(named.rows).toEqual(plain.rows);
    expect(named.rows[0]).toMatchObject({ t: tricky[0], a: tricky[1], i: [1, null, 3] });
    expect(again.rows[0]).toMatchObject({ t: null, a: [], n: '0', i: [] });
  });

  it('runs a job enqueued in a transaction if and only if the transaction commits', async () => {
    const database = await getTestDatabase();
    const jobs = createJobQueue(await getTestBoss(), silentLog);
    const queue = `roundtrip-${Date.now()}`;
    const received: number[] = [];
    let resolveCommitted: () => void;
    const committed = new Promise<void>((resolve) => (resolveCommitted = resolve));
    await jobs.define<{ n: number }>(
      queue,
      async ({ n }) => {
        received.push(n);
        if (n === 42) resolveCommitted();
      },
      { pollingIntervalSeconds: 0.5 },
    );
    try {
      await expect(
        database.db.transaction(async (tx) => {
          await jobs.enqueue(tx, queue, { n: 1 });
          throw new Error('the caller fails after enqueueing');
        }),
      ).rejects.toThrow('the caller fails');
      const id = await database.db.transaction((tx) => jobs.enqueue(tx, queue, { n: 42 }));
      expect(id).toBeTruthy();
      await committed;
      expect(received).toEqual([42]);
      const { rows } = await database.query<{ n: number }>(
        'select count(*)::int as n from pgboss.job where name = $1',
        [queue],
      );
      expect(rows[0]?.n).toBe(1);
    } finally {
      await jobs.stopWorkers();
    }
  });

  it('stops its workers only once the running job has settled, and takes no job after that', async () => {
    const database = await getTestDatabase();
    const boss = await getTestBoss();
    const jobs = createJobQueue(boss, silentLog);
    const queue = `graceful-${Date.now()}`;
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    const handled: number[] = [];
    const signals: AbortSignal[] = [];
    await jobs.define<{ n: number }>(
      queue,
      async ({ n }, job) => {
        signals.push(job.signal);
        started();
        await new Promise<void>((resolve) => (release = resolve));
        handled.push(n);
      },
      { pollingIntervalSeconds: 0.5, batchSize: 1 },
    );
    await jobs.enqueue(database.db, queue, { n: 1 });
    await running;
    let stopped = false;
    const stopping = jobs.stopWorkers().then(() => (stopped = true));
    await jobs.enqueue(database.db, queue, { n: 2 });
    // the handler is told, and the stop waits for it
    expect(signals[0]!.aborted).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(handled).toEqual([1]);
    const { rows } = await database.query<{ state: string; n: number }>(
      "select state, (data->>'n')::int as n from pgboss.job where name = $1 order by n",
      [queue],
    );
    // the first is complete, the second waits for the next worker
    expect(rows).toEqual([
      { state: 'completed', n: 1 },
      { state: 'created', n: 2 },
    ]);
  });

  it('delays a job by a number of seconds', async () => {
    const database = await getTestDatabase();
    const boss = await getTestBoss();
    const jobs = createJobQueue(boss, silentLog);
    const queue = `delayed-${Date.now()}`;
    await boss.createQueue(queue);
    const id = await jobs.enqueue(database.db, queue, { n: 1 }, { startAfter: 30 });
    const { rows } = await database.query<{ seconds: number }>(
      'select extract(epoch from (start_after - now()))::int as seconds from pgboss.job where id = $1',
      [id],
    );
    expect(rows[0]?.seconds).toBeGreaterThan(25);
  });

  it('reads a raw statement’s rows and a raw write’s count the same way on either driver', async () => {
    const { db } = await getTestDatabase();
    const key = `raw:${Date.now()}`;
    const insert = sql`insert into rate_limits (key, count, reset_at) values (${key}, 7, now() + interval '1 minute')
      on conflict (key) do nothing`;
    expect(await executeCount(db, insert)).toBe(1);
    expect(await executeCount(db, insert)).toBe(0);
    const rows = await executeRows<{ key: string; count: number }>(
      db,
      sql`select key, count from rate_limits where key = ${key}`,
    );
    expect(rows).toEqual([{ key, count: 7 }]);
    expect(await executeCount(db, sql`delete from rate_limits where key = ${key}`)).toBe(1);
  });

  it('counts rate-limit hits in a shared fixed window', async () => {
    const database = await getTestDatabase();
    const key = `test:${Date.now()}`;
    expect((await hitCounter(database, key, 60_000)).count).toBe(1);
    expect((await hitCounter(database, key, 60_000)).count).toBe(2);
    const third = await hitCounter(database, key, 60_000);
    expect(third.count).toBe(3);
    expect(third.ttlMs).toBeGreaterThan(55_000);
    expect(await peekCounter(database, key)).toBe(3);
    // an expired window restarts at 1
    const short = `${key}:short`;
    await hitCounter(database, short, 1);
    await database.query("update rate_limits set reset_at = now() - interval '1 second' where key = $1", [short]);
    expect((await hitCounter(database, short, 60_000)).count).toBe(1);
  });
});
