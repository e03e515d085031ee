import { Link } from 'react-router';
import type { ActivityResponse } from '@tp/shared';
import { paths } from '@/lib/paths';
import { Figure } from '@/ui/figure';
import { Progress } from '@/ui/progress';
import { formatCount, formatCountOf } from '@/lib/format';

/** The analytics widget: the XP and level figures, and the way to the full analytics. */
export function AnalyticsSection({ activity }: { activity: ActivityResponse }) {
  const { xp, level, streak } = activity;
  return (
    <div className="flex flex-col gap-4 text-sm">
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-4">
        {[
          ['Total XP', formatCount(xp.total)],
          ['XP today', formatCount(xp.today)],
          ['Longest streak', formatCountOf(streak.longest, 'day', 'days')],
          ['Level', formatCount(level.level)],
        ].map(([label, value]) => (
          <Figure key={label} label={label} align="end">
            {value}
          </Figure>
        ))}
      </dl>
      <Progress
        value={level.progressPercent}
        label={`Level ${level.level + 1}: ${formatCount(level.nextLevelXp - xp.total)} XP to go`}
        showLabel
      />
      <Link to={paths.analytics} className="font-medium text-accent underline">
        Open your analytics: trading performance, risk, content and campaigns
      </Link>
    </div>
  );
}
