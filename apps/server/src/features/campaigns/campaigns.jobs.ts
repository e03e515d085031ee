import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Deps } from '../../deps';
import { pruneAbandonedImports } from './contact-import';
import { finishIfSettled, pumpCampaign } from './campaign-sender';
import { CAMPAIGN_SEND_QUEUE, CAMPAIGN_START_QUEUE, startScheduledCampaign } from './campaigns.service';
import { executeRows } from '../../db/client';

const MONITOR_EVERY_MS = 5_000;

/**
 * The campaign jobs: `campaign-start` (a scheduled campaign's time, enqueued with startAfter when
 * it is scheduled) and `campaign-send` (a pump: claims recipients and delivers them through the
 * outbox). A monitor in every instance, at start and every 5 s, catches what no job covers: due
 * campaigns whose job was lost, campaigns left sending by a crashed process, and campaigns whose
 * last recipients were retried after their pump finished.
 */
export async function registerCampaignJobs(app: FastifyInstance, deps: Deps): Promise<void> {
  const stopping = new AbortController();
  const running = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    running.add(work);
    void work.finally(() => running.delete(work)).catch(() => undefined);
    return work;
  };

  await deps.jobs.define<{ campaignId: string }>(
    CAMPAIGN_SEND_QUEUE,
    async ({ campaignId }, job) => {
      // fetched while this instance shuts down: failing hands the job to another instance (or the next start)
      const shutdown = AbortSignal.any([stopping.signal, job.signal]);
      if (shutdown.aborted) throw new Error('shutting down');
      const outcome = await track(pumpCampaign(deps, campaignId, shutdown));
      job.log.debug({ campaignId, outcome }, 'campaign pump ran');
    },
    {
      batchSize: 1,
      retryLimit: 20,
      retryDelay: 5,
      retryBackoff: true,
      expireInSeconds: 300,
      pollingIntervalSeconds: 0.5,
    },
  );

  await deps.jobs.define<{ campaignId: string }>(
    CAMPAIGN_START_QUEUE,
    async ({ campaignId }) => {
      await track(startScheduledCampaign(deps, campaignId));
    },
    { retryLimit: 10, retryDelay: 5, retryBackoff: true, pollingIntervalSeconds: 1 },
  );

  const monitor = async () => {
    if (stopping.signal.aborted) return;
    try {
      const due = await executeRows<{ id: string }>(
        deps.db,
        sql`
        select id from campaigns
        where status = 'scheduled' and not awaiting_confirmation and scheduled_for <= now()
        order by scheduled_for limit 50`,
      );
      for (const { id } of due) await startScheduledCampaign(deps, id);

      const sending = await executeRows<{ id: string; unclaimed: boolean }>(
        deps.db,
        sql`
        select c.id, exists (
          select 1 from campaign_recipients r where r.campaign_id = c.id and r.outbox_id is null
        ) as unclaimed
        from campaigns c where c.status = 'sending'`,
      );
      for (const { id, unclaimed } of sending) {
        if (unclaimed) {
          // one extra pump a minute at most (pg-boss throttles by key): a live pump and this one share the work
          await deps.jobs.enqueue(
            deps.db,
            CAMPAIGN_SEND_QUEUE,
            { campaignId: id },
            { singletonKey: `monitor:${id}`, singletonSeconds: 60 },
          );
        } else {
          await finishIfSettled(deps, id);
        }
      }
      await pruneAbandonedImports(deps);
    } catch (error) {
      app.log.warn({ err: error }, 'campaign monitor failed');
    }
  };
  const timer = setInterval(() => void track(monitor()), MONITOR_EVERY_MS);
  timer.unref();
  app.addHook('onReady', () => track(monitor()));
  app.addHook('onClose', async () => {
    clearInterval(timer);
    stopping.abort();
    await Promise.allSettled([...running]);
  });
}
