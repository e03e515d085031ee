import type { FastifyBaseLogger } from 'fastify';

export interface EveryOptions {
  /** Runs once right away too, rather than first after one interval. */
  atStart?: boolean;
}

/** Periodic work; `signal` is aborted when this instance stops, so a long run can end early. */
export type PeriodicTask = (signal: AbortSignal) => Promise<unknown>;

export interface PeriodicTasks {
  every(name: string, everyMs: number, task: PeriodicTask, options?: EveryOptions): void;
  /** Clears every timer and resolves once the runs still going have ended. */
  stop(): Promise<void>;
}

/**
 * In-process periodic work, the one way to run something every so often (pg-boss's cron is off in
 * this app, so each instance runs its own; the tasks are written to be harmless when instances
 * overlap). A task never overlaps itself: a tick that finds the previous run still going is
 * skipped. A failed run is logged with the task's name and the next tick runs as usual.
 */
export function createPeriodicTasks(log: FastifyBaseLogger, signal: AbortSignal): PeriodicTasks {
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = false;

  return {
    every(name, everyMs, task, { atStart = false } = {}) {
      if (!(everyMs > 0 && Number.isFinite(everyMs))) throw new Error(`${name}: every ${everyMs} ms is no interval`);
      if (timers.has(name)) throw new Error(`${name}: a periodic task of that name already runs`);
      if (stopped) return;
      let current: Promise<void> | undefined;
      const run = async () => {
        try {
          await task(signal);
        } catch (error) {
          log.warn({ task: name, err: error }, `${name}: periodic run failed; it runs again at its next tick`);
        }
      };
      const tick = () => {
        if (current || stopped) return;
        const started = run().finally(() => {
          running.delete(started);
          current = undefined;
        });
        current = started;
        running.add(started);
      };
      const timer = setInterval(tick, everyMs);
      timer.unref();
      timers.set(name, timer);
      if (atStart) tick();
    },
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearInterval(timer);
      timers.clear();
      await Promise.all(running);
    },
  };
}
