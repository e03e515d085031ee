import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase, runMigrations } from './client';
import { DataDirLockedError } from './lock';
import { getTestDatabase, getTestJobs } from '../test/helpers';
import { ensureQueue } from '../plugins/jobs';
import { hitCounter, peekCounter } from '../plugins/rate-limit';

describe('database', () => {
  it('holds an exclusive lock on the embedded data directory and refuses a second opener', async () => {
    const dir = path.join(mkdtempSync(path.join(tmpdir(), 'tp-lock-')), 'db');
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

  it('runs a pg-boss job round trip on the application database', async () => {
    const jobs = await getTestJobs();
    const queue = `roundtrip-${Date.now()}`;
    await ensureQueue(jobs, queue);
    const received = new Promise<unknown>((resolve) => {
      void jobs.work<{ n: number }>(queue, { pollingIntervalSeconds: 0.5 }, async ([job]) => {
        resolve(job?.data);
      });
    });
    const id = await jobs.send(queue, { n: 42 });
    expect(id).toBeTruthy();
    await expect(received).resolves.toEqual({ n: 42 });
    await jobs.offWork(queue);
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

