import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DbExecutor } from '../db/client';
import { createJobQueue } from './jobs';

const silentLog = { warn: () => undefined } as unknown as FastifyBaseLogger;

/** The part of pg-boss a worker uses, with an empty queue: it counts the polls. */
function fakeBoss() {
  const polls: number[] = [];
  const boss = {
    getQueue: async () => null,
    createQueue: async () => undefined,
    fetch: async () => {
      polls.push(Date.now());
      return [];
    },
    send: async () => 'job-id',
  };
  return { boss: boss as unknown as PgBoss, polls };
}

/** Lets the worker's fetch settle and its next timer be set. */
const settle = () => vi.advanceTimersByTimeAsync(0);

/** A job queue over the fake pg-boss with one idle queue defined and its first poll made. */
async function queueWithIdle(name: string, pollingIntervalSeconds: number) {
  const { boss, polls } = fakeBoss();
  const jobs = createJobQueue(boss, silentLog);
  await jobs.define(name, async () => undefined, { pollingIntervalSeconds });
  await settle();
  return { jobs, polls };
}

async function stop(jobs: ReturnType<typeof createJobQueue>) {
  const stopping = jobs.stopWorkers();
  await settle();
  await stopping;
}

describe('job queue polling', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls an idle queue less and less often, up to eight times its interval', async () => {
    const { jobs, polls } = await queueWithIdle('idle', 0.5);
    await vi.advanceTimersByTimeAsync(20_000);
    const gaps = polls.slice(1).map((at, index) => at - polls[index]!);
    expect(gaps.slice(0, 5)).toEqual([1_000, 2_000, 4_000, 4_000, 4_000]);
    await stop(jobs);
  });

  it('polls within its own interval again after a job is enqueued here', async () => {
    const { jobs, polls } = await queueWithIdle('hurried', 0.5);
    // backed off: polls at 0, 1 s, 3 s, and the next is due at 7 s
    await vi.advanceTimersByTimeAsync(3_100);
    expect(polls).toEqual([0, 1_000, 3_000]);
    await jobs.enqueue({} as DbExecutor, 'hurried', { n: 1 });
    await vi.advanceTimersByTimeAsync(500);
    expect(polls).toEqual([0, 1_000, 3_000, 3_600]);
    // and spaces out again from there
    await vi.advanceTimersByTimeAsync(1_000);
    expect(polls.at(-1)).toBe(4_600);
    await stop(jobs);
  });

  it('keeps a queue with a long interval at that interval', async () => {
    const { jobs, polls } = await queueWithIdle('slow', 10);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(polls).toEqual([0, 10_000, 20_000, 30_000]);
    await stop(jobs);
  });
});
