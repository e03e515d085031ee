import type { Deps } from '../../deps';
import { settleDueForwards } from './settlement.service';

/** How often each instance looks for forwards to settle (docs/desk.md §5). */
export const SETTLEMENT_INTERVAL_MS = 60_000;

export async function registerDeskJobs(deps: Deps): Promise<void> {
  deps.jobs.every(
    'desk-settle-forwards',
    SETTLEMENT_INTERVAL_MS,
    async () => {
      const settled = await settleDueForwards(deps);
      if (settled > 0) deps.log.info({ settled }, 'desk forwards settled');
    },
    { atStart: true },
  );
}
