import { Award, Lock } from 'lucide-react';
import { ACHIEVEMENT_CATEGORIES, type Achievement } from '@tp/shared';
import { useAchievements } from '@/features/dashboard';
import { formatDate } from '@/lib/format-date';
import { useTimeZone } from '@/lib/time-zone';
import { LoadError } from '@/ui/load-error';
import { Card } from '@/ui/card';
import { PageLayout } from '@/ui/page-layout';
import { Progress } from '@/ui/progress';
import { Skeleton } from '@/ui/skeleton';

const CATEGORY_TITLES: Record<(typeof ACHIEVEMENT_CATEGORIES)[number], string> = {
  'getting-started': 'Getting started',
  trading: 'Trading',
  content: 'Content',
  campaigns: 'Campaigns',
  streaks: 'Streaks',
  experience: 'Experience',
};

function Badge({ achievement: a }: { achievement: Achievement }) {
  const timeZone = useTimeZone();
  return (
    <Card
      as="li"
      elevation="flat"
      tone={a.earned ? 'gain' : 'default'}
      className={a.earned ? 'flex gap-3 p-4' : 'flex gap-3 p-4 opacity-80'}
    >
      {a.earned ? (
        <Award aria-hidden="true" className="size-8 shrink-0 text-gain" />
      ) : (
        <Lock aria-hidden="true" className="size-8 shrink-0 text-muted" />
      )}
      <div className="min-w-0 flex-1">
        <h3 className="font-semibold">
          {a.title} <span className="sr-only">{a.earned ? '(earned)' : '(locked)'}</span>
        </h3>
        <p className="text-sm text-muted">{a.description}</p>
        {a.earned && a.earnedAt ? (
          <p className="mt-2 text-sm text-gain">
            Earned <time dateTime={a.earnedAt}>{formatDate(a.earnedAt, timeZone)}</time>
          </p>
        ) : (
          <Progress
            value={a.progressPercent}
            label={`${a.title}: ${a.current} of ${a.target}`}
            showLabel
            className="mt-2"
          />
        )}
      </div>
    </Card>
  );
}

/** Badges earned from real activity, with progress toward each locked one (docs/product/dashboard.md#achievements). */
export default function AchievementsPage() {
  const query = useAchievements();
  return (
    <PageLayout
      title="Achievements"
      subtitle="Badges you earn by trading, sharing content and coming back."
      width="app"
    >
      {query.data ? (
        <div className="flex flex-col gap-6">
          <p>
            <span className="tabular font-semibold">{query.data.earned}</span> of{' '}
            <span className="tabular">{query.data.total}</span> earned.
            {query.data.next && (
              <>
                {' '}
                Next within reach: <strong>{query.data.next.title}</strong> ({query.data.next.current}/
                {query.data.next.target}).
              </>
            )}
          </p>
          {ACHIEVEMENT_CATEGORIES.map((category) => {
            const items = query.data.achievements.filter((a) => a.category === category);
            if (items.length === 0) return null;
            return (
              <section key={category} aria-labelledby={`achievements-${category}`}>
                <h2 id={`achievements-${category}`} className="text-lg font-semibold">
                  {CATEGORY_TITLES[category]}
                </h2>
                <ul className="mt-3 grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
                  {items.map((a) => (
                    <Badge key={a.id} achievement={a} />
                  ))}
                </ul>
              </section>
            );
          })}
        </div>
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <div role="status" aria-busy="true" className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3">
          <span className="sr-only">Loading achievements</span>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-28" />
          ))}
        </div>
      )}
    </PageLayout>
  );
}
