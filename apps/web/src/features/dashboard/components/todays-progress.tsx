import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Check, Circle, Flame } from 'lucide-react';
import type { ActivityResponse, DailyGoalId } from '@tp/shared';
import { cn } from '@/lib/cn';
import { formatTime } from '@/lib/format-date';
import { paths } from '@/lib/paths';
import { QueryState } from '@/ui/query-state';
import { Progress } from '@/ui/progress';
import { Card } from '@/ui/card';

const heading = (
  <h2 id="todays-progress-heading" className="text-lg font-semibold">
    Today's Progress
  </h2>
);

/** Where a pending goal is done: the real action that ticks it (signing in is done by being here). */
const GOAL_ACTIONS: Partial<Record<DailyGoalId, { to: string; label: string }>> = {
  'check-analytics': { to: paths.analytics, label: 'Open Analytics' },
  'upload-content': { to: paths.contentAccess, label: 'Upload a file' },
};

/**
 * Today's Progress (docs/product/dashboard.md#todays-progress): the streak, the day's percentage
 * with its message band, XP and
 * level, and the goals. Each goal is done by its real event of the day (docs/decisions/0034), and
 * the percentage is the share of them done; a pending goal links to where it is done. While the
 * activity loads, or when it failed ("Error: {message}" with retry), the section keeps its heading
 * and place.
 */
export function TodaysProgress({ activity }: { activity: UseQueryResult<ActivityResponse> }) {
  return (
    <Card
      as="section"
      elevation="flat"
      aria-labelledby="todays-progress-heading"
      // while loading, the height the figures and goals take (on a phone too), so the sections below stay put
      className={cn('p-5', activity.isPending && 'min-h-[398px] min-[400px]:min-h-[338px]')}
    >
      {activity.data ? (
        <ProgressFigures activity={activity.data} />
      ) : (
        <>
          {heading}
          <div className="mt-3">
            <QueryState query={activity} label="today's progress" lines={5}>
              {() => null}
            </QueryState>
          </div>
        </>
      )}
    </Card>
  );
}

function ProgressFigures({ activity }: { activity: ActivityResponse }) {
  const { progress, streak, xp, level, goals, timeZone } = activity;
  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          {heading}
          <p className="mt-1 text-sm text-muted" data-testid="progress-band">
            {progress.band.message}
          </p>
        </div>
        <p className="inline-flex items-center gap-1 rounded-full bg-surface-2 px-3 py-1 text-sm font-medium">
          <Flame aria-hidden="true" className="size-4 text-warning" />
          <span>
            <span className="tabular" data-testid="streak">
              {streak.current}
            </span>
            -day streak
          </span>
        </p>
      </div>
      <Progress value={progress.percent} label="Today's progress" showLabel className="mt-4" />
      <p className="mt-1 text-xs text-muted" data-testid="goals-done">
        {progress.goalsDone} of {progress.goalsTotal} goals done today
      </p>
      <dl className="mt-4 grid grid-cols-3 gap-2 text-sm">
        <div>
          <dt className="text-muted">XP today</dt>
          <dd className="tabular font-semibold">{xp.today}</dd>
        </div>
        <div>
          <dt className="text-muted">Total XP</dt>
          <dd className="tabular font-semibold">{xp.total}</dd>
        </div>
        <div>
          <dt className="text-muted">Level</dt>
          <dd className="tabular font-semibold">
            {level.level} <span className="text-xs font-normal text-muted">({level.progressPercent}% to next)</span>
          </dd>
        </div>
      </dl>
      <ul aria-label="Today's goals" className="mt-4 space-y-1 text-sm">
        {goals.map((goal) => {
          const action = GOAL_ACTIONS[goal.id];
          return (
            <li key={goal.id} className="flex min-h-8 flex-wrap items-center gap-x-2">
              {goal.status === 'done' ? (
                <Check aria-hidden="true" className="size-4 text-gain" />
              ) : (
                <Circle aria-hidden="true" className="size-4 text-muted" />
              )}
              <span className="flex-1">{goal.label}</span>
              {goal.status === 'done' ? (
                <span className="text-gain">
                  Done
                  {goal.completedAt && (
                    <time dateTime={goal.completedAt} className="tabular ml-1 text-xs text-muted">
                      {formatTime(goal.completedAt, timeZone)}
                    </time>
                  )}
                </span>
              ) : action ? (
                <Link to={action.to} className="font-medium text-accent underline">
                  {action.label}
                </Link>
              ) : (
                <span className="text-muted">Pending</span>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}
