import type { Deps } from '../../deps';
import { sendDeskAlerts } from './alerts.service';
import { settleDueForwards } from './settlement.service';

/** How often each instance looks for alert e-mails to send (docs/desk.md#7-alerts). */
export const ALERTS_INTERVAL_MS = 15 * 60_000;

export async function registerDeskJobs(deps: Deps): Promise<void> {
  deps.jobs.every(
    'desk-settle-forwards',
    deps.config.desk.settlementIntervalMs,
    async () => {
      const settled = await settleDueForwards(deps);
      if (settled > 0) deps.log.info({ settled }, 'desk forwards settled');
    },
    { atStart: true },
  );
  deps.jobs.every('desk-alerts', ALERTS_INTERVAL_MS, async () => {
    const sent = await sendDeskAlerts(deps);
    if (sent > 0) deps.log.info({ sent }, 'desk alert e-mails queued');
  });
}
