import { Link } from 'react-router';
import { Clock } from 'lucide-react';
import { LoadError } from '@/ui/load-error';
import { LoadingState } from '@/ui/query-state';
import { Skeleton } from '@/ui/skeleton';
import { PageLayout } from '@/ui/page-layout';
import { useStories } from './api/get-stories';
import { formatCalendarDate } from '@/lib/format-date';
import { storyPath } from '@/lib/paths';
import { Card } from '@/ui/card';

export default function StoriesPage() {
  const { data: stories, isPending, isError, error, refetch } = useStories();
  return (
    <PageLayout title="Stories" subtitle="Practical guides for merchant exporters, and how we build the portal.">
      {isPending && (
        <LoadingState label="Loading stories" className="grid gap-4 md:grid-cols-2">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} rounding="card" onPage className="h-44" />
          ))}
        </LoadingState>
      )}
      {isError && <LoadError error={error} onRetry={() => void refetch()} />}
      {stories && stories.length === 0 && (
        <p className="text-muted">No stories have been published yet. Please check back soon.</p>
      )}
      {stories && stories.length > 0 && (
        <ul className="grid gap-4 md:grid-cols-2">
          {stories.map((story) => (
            <li key={story.id}>
              <Card as="article" elevation="flat" className="flex h-full flex-col p-5">
                <h2 className="text-lg font-semibold">
                  <Link to={storyPath(story.id)} className="hover:text-accent">
                    {story.title}
                  </Link>
                </h2>
                <p className="mt-2 flex-1 text-sm text-muted">{story.summary}</p>
                <p className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">
                  <span>{story.author}</span>
                  <time dateTime={story.date}>{formatCalendarDate(story.date)}</time>
                  <span className="inline-flex items-center gap-1">
                    <Clock aria-hidden="true" className="size-3" />
                    <span className="tabular">{story.readingTime}</span> min read
                  </span>
                </p>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </PageLayout>
  );
}
