import { afterAll, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, getTestBoss, getTestDatabase, resetDatabase } from '../../test/kit';
import type { Connection } from '../../db/client';
import { takeSendPermits } from '../mail/send-rate';
import { createJobQueue } from '../jobs';
import { addToCounter, pruneCounters, pruneCountersEvery } from './counters';

const silentLog = pino({ level: 'silent' });

async function keys(database: Connection): Promise<string[]> {
  const { rows } = await database.query<{ key: string }>('select key from rate_limits order by key');
  return rows.map((r) => r.key);
}

/** One counter that expired a minute ago and one that lives for another hour. */
async function seedCounters(database: Connection, prefix: string) {
  await database.query(
    `insert into rate_limits (key, count, reset_at) values
       ($1, 3, now() - interval '1 minute'), ($2, 5, now() + interval '1 hour')`,
    [`${prefix}:expired`, `${prefix}:live`],
  );
}

describe('fixed-window counters', () => {
  let database: Connection;
  beforeEach(async () => {
    database = await getTestDatabase();
    await resetDatabase(database);
  });

  it('round the time left up, so waiting it out lands in the next window', async () => {
    // now() is fixed inside a transaction: the window ends 0.4 ms and 1000.4 ms from "now"
    const [soon, later] = await database.db.transaction(async (tx) => {
      await tx.execute(
        sql`insert into rate_limits (key, count, reset_at) values
              ('soon', 1, now() + interval '0.4 milliseconds'), ('later', 1, now() + interval '1000.4 milliseconds')`,
      );
      return [
        await addToCounter(tx, { key: 'soon', amount: 1, windowMs: 60_000 }),
        await addToCounter(tx, { key: 'later', amount: 2, windowMs: 60_000 }),
      ];
    });
    expect(soon).toEqual({ count: 2, ttlMs: 1 });
    expect(later).toEqual({ count: 3, ttlMs: 1001 });
  });

  it('restart a window that ends exactly now, with the amount added', async () => {
    const restarted = await database.db.transaction(async (tx) => {
      await tx.execute(sql`insert into rate_limits (key, count, reset_at) values ('edge', 9, now())`);
      return addToCounter(tx, { key: 'edge', amount: 4, windowMs: 1_000 });
    });
    expect(restarted).toEqual({ count: 4, ttlMs: 1_000 });
  });

  it('pace the send rate with the same counter: a refused caller waits out the window', async () => {
    expect(await takeSendPermits(database, 3, 5)).toEqual({ granted: 3, retryInMs: 0 });
    expect((await takeSendPermits(database, 3, 5)).granted).toBe(2);
    const refused = await takeSendPermits(database, 3, 5);
    expect(refused.granted).toBe(0);
    expect(refused.retryInMs).toBeGreaterThanOrEqual(1);
    expect(refused.retryInMs).toBeLessThanOrEqual(1_000);
  });

  it('are pruned when expired and kept while live, however many instances prune at once', async () => {
    await seedCounters(database, 'a');
    await seedCounters(database, 'b');
    // two instances pruning while callers hit an expired and a live counter
    const [prunedA, prunedB, restarted, counted] = await Promise.all([
      pruneCounters(database),
      pruneCounters(database),
      addToCounter(database.db, { key: 'b:expired', amount: 1, windowMs: 60_000 }),
      addToCounter(database.db, { key: 'b:live', amount: 1, windowMs: 60_000 }),
    ]);
    expect(prunedA + prunedB).toBeLessThanOrEqual(2);
    expect(restarted.count).toBe(1);
    expect(counted.count).toBe(6);
    expect(await pruneCounters(database)).toBe(0);
    expect(await keys(database)).toEqual(['a:live', 'b:expired', 'b:live']);
  });

  it('are pruned periodically', async () => {
    const jobs = createJobQueue(await getTestBoss(), silentLog);
    pruneCountersEvery(jobs, database, 20);
    try {
      await seedCounters(database, 'timer');
      await vi.waitFor(async () => expect(await keys(database)).toEqual(['timer:live']), { timeout: 5_000 });
    } finally {
      await jobs.stopWorkers();
    }
  });
});

describe('the app', () => {
  let app: FastifyInstance | undefined;
  afterAll(() => app?.close());

  it('prunes expired counters when it starts', async () => {
    const database = await getTestDatabase();
    await resetDatabase(database);
    await seedCounters(database, 'start');
    app = await buildTestApp({}, { reset: false });
    // the next prune is ten minutes away: only the one at start can have done this
    await vi.waitFor(async () => expect(await keys(database)).toEqual(['start:live']), { timeout: 5_000 });
  });
});
