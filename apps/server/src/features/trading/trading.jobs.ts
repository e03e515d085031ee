import type { Deps } from '../../deps';
import { hasMatchingWork } from './matching.repository';
import { runMatchingPass } from './matching.service';

/**
 * Matching of resting orders and protective levels (docs/trading.md, "Matching"). pg-boss's cron
 * is off in this app, so every instance asks periodically (`jobs.every`): when anything is pending, it
 * enqueues one matching job with a fixed singleton key on a stately queue: at most one pass is
 * queued and one runs at a time across all instances, whichever instance's worker takes it. The
 * pass itself books each order under its account's row lock with a version check, so even two
 * passes at once (a job taken for dead and retried) record every second of every order once.
 */
export const MATCH_QUEUE = 'trading-match';
const MATCH_KEY = 'all';

export async function registerTradingJobs(deps: Deps): Promise<void> {
  await deps.jobs.define(
    MATCH_QUEUE,
    async (_data, job) => {
      const report = await runMatchingPass(deps);
      if (report.settled + report.closed > 0) job.log.debug({ ...report }, 'matching pass');
    },
    // a failed pass is not retried: the next interval asks for a fresh one
    { policy: 'stately', retryLimit: 0, expireInSeconds: 60, pollingIntervalSeconds: 0.5, batchSize: 1 },
  );

  const everyMs = deps.config.trading.matchIntervalMs;
  if (everyMs === 0) return;
  deps.jobs.every('trading-ask-for-matching', everyMs, async () => {
    if (await hasMatchingWork(deps.connection))
      await deps.jobs.enqueue(deps.db, MATCH_QUEUE, {}, { singletonKey: MATCH_KEY });
  });
}
