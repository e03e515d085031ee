import { Link } from 'react-router';
import type { ActivityEvent } from '@tp/shared';
import { paths } from '@/lib/paths';
import { formatDateTime } from '@/lib/format-date';

/** The newest recorded events (quick actions, uploads, trades, campaigns, visits). */
export function RecentActivity({ events, timeZone }: { events: readonly ActivityEvent[]; timeZone?: string }) {
  return (
    <section aria-labelledby="recent-activity-heading">
      <h3 id="recent-activity-heading" className="font-semibold">
        Recent activity
      </h3>
      {events.length === 0 ? (
        <p className="mt-2 text-sm text-muted">
          Nothing recorded yet. Upload a file in{' '}
          <Link to={paths.contentAccess} className="text-accent underline">
            Access Content
          </Link>{' '}
          or place a paper trade in{' '}
          <Link to={paths.trades} className="text-accent underline">
            Trading
          </Link>{' '}
          to see it here.
        </p>
      ) : (
        <ul className="mt-2 divide-y divide-border text-sm">
          {events.map((event) => (
            <li key={event.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              {/* a label narrower than this sends the XP and time to the next line, never one word a line */}
              <span className="flex-[1_1_12rem]">{event.label}</span>
              {event.xp > 0 && <span className="tabular text-gain">+{event.xp} XP</span>}
              <time dateTime={event.occurredAt} className="tabular text-xs text-muted">
                {formatDateTime(event.occurredAt, timeZone)}
              </time>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
