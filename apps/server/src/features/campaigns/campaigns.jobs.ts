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
export async function registerCampaignJobs(deps: Deps): Promise<void> {
  await deps.jobs.define<{ campaignId: string }>(
    CAMPAIGN_SEND_QUEUE,
    async ({ campaignId }, job) => {
      // fetched while this instance shuts down: failing hands the job to another instance (or the next start)
      if (job.signal.aborted) throw new Error('shutting down');
      const outcome = await pumpCampaign(deps, campaignId, job.signal);
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
      await startScheduledCampaign(deps, campaignId);
    },
    { retryLimit: 10, retryDelay: 5, retryBackoff: true, pollingIntervalSeconds: 1 },
  );

  deps.jobs.every('campaign-monitor', MONITOR_EVERY_MS, (signal) => monitorCampaigns(deps, signal), { atStart: true });
}

async function monitorCampaigns(deps: Deps, signal: AbortSignal): Promise<void> {
  const due = await executeRows<{ id: string }>(
    deps.db,
    sql`
    select id from campaigns
    where status = 'scheduled' and not awaiting_confirmation and scheduled_for <= now()
    order by scheduled_for limit 50`,
  );
  for (const { id } of due) {
    if (signal.aborted) return;
    await startScheduledCampaign(deps, id);
  }

  const sending = await executeRows<{ id: string; unclaimed: boolean }>(
    deps.db,
    sql`
    select c.id, exists (
      select 1 from campaign_recipients r where r.campaign_id = c.id and r.outbox_id is null
    ) as unclaimed
    from campaigns c where c.status = 'sending'`,
  );
  for (const { id, unclaimed } of sending) {
    if (signal.aborted) return;
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
}
