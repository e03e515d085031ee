import { Users } from 'lucide-react';
import { usePublicStats } from '../api/get-public-stats';
import { FIGURES_LOCALE, numberFormat } from '@/lib/intl';
import { SOCIAL_PROOF_MIN } from '../social-proof';

/** "12 joined in the last hour" with the real count once it helps; otherwise a sentence without a number. */
export function LiveFeed() {
  const { data } = usePublicStats();
  const joined = data?.signupsLastHour ?? 0;
  const count = joined >= SOCIAL_PROOF_MIN.joinedLastHour ? joined : 0;
  return (
    <p aria-live="polite" className="flex min-h-7 items-center gap-2 text-sm text-muted">
      <span aria-hidden="true" className={`size-2 rounded-full ${count > 0 ? 'animate-pulse bg-gain' : 'bg-muted'}`} />
      {data === undefined ? (
        <span className="sr-only">Loading</span>
      ) : count > 0 ? (
        <span>
          <span className="tabular font-semibold text-fg">{count}</span> joined in the last hour
        </span>
      ) : (
        <span>Join merchant exporters trading smarter with Trading Portal.</span>
      )}
    </p>
  );
}

/** The real number of registered users as a trust badge once it helps, or an empty slot (reserved, so nothing shifts). */
export function UserCountBadge() {
  const { data } = usePublicStats();
  const users = data?.totalUsers ?? 0;
  const total = users >= SOCIAL_PROOF_MIN.registeredUsers ? users : 0;
  return (
    <li aria-hidden={total === 0 || undefined} className="flex min-h-5 min-w-[10rem] items-center gap-2">
      {total > 0 && (
        <>
          <Users aria-hidden="true" className="size-4 text-accent" />
          <span>
            <span className="tabular font-semibold text-fg">{numberFormat(FIGURES_LOCALE).format(total)}</span>{' '}
            registered users
          </span>
        </>
      )}
    </li>
  );
}
