import { useEffect, useState } from 'react';
import { dateTimeFormat } from '@/lib/intl';

/** The time now in the user's zone (the browser's without one), updated every second. */
export function Clock({ timeZone }: { timeZone?: string }) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1_000);
    return () => clearInterval(timer);
  }, []);
  const time = dateTimeFormat(undefined, { timeStyle: 'medium', timeZone }).format(now);
  const date = dateTimeFormat(undefined, { dateStyle: 'full', timeZone }).format(now);
  return (
    <div>
      <p className="tabular text-3xl font-semibold" aria-live="off">
        <time dateTime={now.toISOString()}>{time}</time>
      </p>
      <p className="text-sm text-muted">
        {date} · {dateTimeFormat(undefined, { timeZone }).resolvedOptions().timeZone}
      </p>
    </div>
  );
}
