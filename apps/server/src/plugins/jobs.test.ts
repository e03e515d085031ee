import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DbExecutor } from '../db/client';
import { buildTestApp } from '../test/kit';
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

describe('periodic work (jobs.every)', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 0 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A task whose runs each wait until the test lets them end; `calls` holds their start times. */
  function heldTask() {
    const calls: number[] = [];
    const releases: Array<() => void> = [];
    const signals: AbortSignal[] = [];
    const task = (signal: AbortSignal) => {
      calls.push(Date.now());
      signals.push(signal);
      return new Promise<void>((resolve) => releases.push(resolve));
    };
    return { task, calls, signals, release: () => releases.shift()?.() };
  }

  it('runs at start when asked, then every interval; without atStart first after one interval', async () => {
    const jobs = createJobQueue(fakeBoss().boss, silentLog);
    const eager: number[] = [];
    const patient: number[] = [];
    jobs.every('eager', 1_000, async () => void eager.push(Date.now()), { atStart: true });
    jobs.every('patient', 1_000, async () => void patient.push(Date.now()));
    await vi.advanceTimersByTimeAsync(3_000);
    expect(eager).toEqual([0, 1_000, 2_000, 3_000]);
    expect(patient).toEqual([1_000, 2_000, 3_000]);
    await stop(jobs);
  });

  it('never overlaps itself: a tick while the previous run is still going is skipped', async () => {
    const jobs = createJobQueue(fakeBoss().boss, silentLog);
    const held = heldTask();
    jobs.every('slow', 100, held.task);
    await vi.advanceTimersByTimeAsync(550);
    expect(held.calls).toEqual([100]);
    held.release();
    await vi.advanceTimersByTimeAsync(100);
    expect(held.calls).toEqual([100, 600]);
    held.release();
    await stop(jobs);
  });

  it('logs a failed run with its name and runs again at the next tick', async () => {
    const warn = vi.fn();
    const jobs = createJobQueue(fakeBoss().boss, { warn } as unknown as FastifyBaseLogger);
    let runs = 0;
    jobs.every(
      'flaky',
      1_000,
      async () => {
        runs += 1;
        if (runs === 1) throw new Error('database gone');
      },
      { atStart: true },
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]![0]).toMatchObject({ task: 'flaky', err: new Error('database gone') });
    expect(String(warn.mock.calls[0]![1])).toContain('flaky');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(runs).toBe(3);
    expect(warn).toHaveBeenCalledTimes(1);
    await stop(jobs);
  });

  it('is stopped by stopWorkers, which aborts the running task’s signal and waits for it to end', async () => {
    const jobs = createJobQueue(fakeBoss().boss, silentLog);
    const held = heldTask();
    jobs.every('held', 1_000, held.task, { atStart: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(held.calls).toEqual([0]);

    let stopped = false;
    const stopping = jobs.stopWorkers().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(held.signals[0]!.aborted).toBe(true);
    expect(stopped).toBe(false);
    held.release();
    await stopping;
    expect(stopped).toBe(true);
    // its timer is gone: no tick runs after the stop
    await vi.advanceTimersByTimeAsync(5_000);
    expect(held.calls).toEqual([0]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('refuses a second task of the same name and an interval that is none', () => {
    const jobs = createJobQueue(fakeBoss().boss, silentLog);
    jobs.every('once', 1_000, async () => undefined);
    expect(() => jobs.every('once', 1_000, async () => undefined)).toThrow(/already runs/);
    expect(() => jobs.every('never', 0, async () => undefined)).toThrow(/no interval/);
    return jobs.stopWorkers();
  });
});

describe('periodic work in the app', () => {
  it('stops when the app closes: close waits for a run in progress before it closes anything', async () => {
    const app = await buildTestApp();
    const events: string[] = [];
    const closeStorage = app.deps.storage.close.bind(app.deps.storage);
    vi.spyOn(app.deps.storage, 'close').mockImplementation(async () => {
      events.push('storage closed');
      await closeStorage();
    });
    let seen: AbortSignal | undefined;
    let release: (() => void) | undefined;
    app.deps.jobs.every(
      'held-at-close',
      60_000,
      async (signal) => {
        seen = signal;
        await new Promise<void>((resolve) => (release = resolve));
        await app.deps.connection.query('select 1');
        events.push('run ended');
      },
      { atStart: true },
    );
    await vi.waitFor(() => expect(release).toBeDefined());
    const closing = app.close();
    await vi.waitFor(() => expect(seen?.aborted).toBe(true));
    release!();
    await closing;
    expect(events).toEqual(['run ended', 'storage closed']);
  });
});
