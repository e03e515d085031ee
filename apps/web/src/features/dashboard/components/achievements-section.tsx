import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { Progress } from '@/ui/progress';
import { useAchievements } from '../api/get-achievements';
import { QueryState } from '@/ui/query-state';

/** The achievements widget: how many are earned, and the next one within reach. */
export function AchievementsSection() {
  const achievements = useAchievements();
  return (
    <QueryState query={achievements} label="achievements">
      {({ earned, total, next }) => (
        <div className="flex flex-col gap-3 text-sm">
          <p>
            <span className="tabular font-semibold">{earned}</span> of <span className="tabular">{total}</span>{' '}
            achievements earned.
          </p>
          {next ? (
            <Progress
              value={next.progressPercent}
              label={`Next: ${next.title} — ${next.description} (${next.current}/${next.target})`}
              showLabel
            />
          ) : (
            <p className="text-gain">Every achievement is yours.</p>
          )}
          <Link to={paths.achievements} className="font-medium text-accent underline">
            See all achievements
          </Link>
        </div>
      )}
    </QueryState>
  );
}
