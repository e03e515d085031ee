import { useEffect, useMemo, useRef } from 'react';
import { Link, useParams } from 'react-router';
import DOMPurify from 'dompurify';
import { ArrowLeft, Clock, Highlighter, Trash2 } from 'lucide-react';
import { ApiError } from '@/lib/api-client';
import { usePublicConfig } from '@/lib/public-config';
import { LoadError } from '@/ui/load-error';
import { PageLayout } from '@/ui/page-layout';
import { LoadingState } from '@/ui/query-state';
import { Skeleton } from '@/ui/skeleton';
import { useStory } from './api/get-story';
import { ReadingProgress } from './components/reading-progress';
import { formatCalendarDate } from '@/lib/format-date';
import { startReadingTool } from './reading-tool';
import { useHighlights } from './use-highlights';
import { usePageTitle } from '@/lib/document-title';
import { paths } from '@/lib/paths';
import type { Story } from '@tp/shared';

const proseClass = [
  'story-body max-w-none leading-relaxed',
  '[&_h2]:mt-10 [&_h2]:text-2xl [&_h2]:font-bold [&_h3]:mt-8 [&_h3]:text-xl [&_h3]:font-semibold',
  '[&_p]:mt-4 [&_ul]:mt-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:mt-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:mt-1',
  '[&_a]:text-accent [&_a]:underline [&_code]:rounded [&_code]:bg-surface-2 [&_code]:px-1 [&_code]:font-mono [&_code]:text-sm',
  '[&_blockquote]:mt-4 [&_blockquote]:border-l-4 [&_blockquote]:border-accent [&_blockquote]:pl-4 [&_blockquote]:text-muted',
  '[&_table]:mt-4 [&_table]:block [&_table]:overflow-x-auto [&_table]:text-sm [&_th]:border [&_th]:border-border [&_th]:bg-surface-2 [&_th]:px-3 [&_th]:py-2 [&_th]:text-left',
  '[&_td]:border [&_td]:border-border [&_td]:px-3 [&_td]:py-2 [&_td]:tabular-nums',
  '[&_mark]:cursor-pointer [&_mark]:rounded-sm [&_mark]:bg-warning [&_mark]:text-bg',
].join(' ');

export default function StoryPage() {
  const { id = '' } = useParams();
  const story = useStory(id);
  const config = usePublicConfig();
  const article = useRef<HTMLDivElement>(null);
  const accountId = config.data?.readingToolAccountId ?? null;
  const configSettled = config.status !== 'pending';

  useEffect(() => {
    if (configSettled) startReadingTool(accountId);
  }, [configSettled, accountId]);

  const html = useMemo(() => (story.data ? DOMPurify.sanitize(story.data.html) : undefined), [story.data]);
  const { highlights, hasSelection, highlightSelection, clear } = useHighlights(article, id, accountId, html);
  const missing = story.error instanceof ApiError && (story.error.status === 404 || story.error.status === 400);
  usePageTitle(story.data?.title ?? (missing ? 'Story not found' : undefined));

  if (story.isError) {
    return (
      <PageLayout title={missing ? 'Story not found' : 'Story'}>
        {missing ? (
          <p role="alert" className="text-muted">
            There is no story at this address.
          </p>
        ) : (
          <LoadError error={story.error} onRetry={() => void story.refetch()} />
        )}
        <Link to={paths.stories} className="mt-4 inline-flex min-h-11 items-center gap-2 text-accent underline">
          <ArrowLeft aria-hidden="true" className="size-4" /> All stories
        </Link>
      </PageLayout>
    );
  }

  return (
    <>
      <ReadingProgress target={article} content={html} />
      {/* at least a screen tall while the story loads, so the footer is below the fold and does not jump */}
      <div className="mx-auto min-h-[calc(100dvh-4rem)] w-full max-w-3xl px-4 py-8 sm:px-6">
        <Link to={paths.stories} className="inline-flex min-h-11 items-center gap-2 text-sm text-muted hover:text-fg">
          <ArrowLeft aria-hidden="true" className="size-4" /> All stories
        </Link>
        {story.isPending || !story.data ? (
          <LoadingState label="Loading story" className="mt-4 space-y-4">
            <Skeleton rounding="sm" onPage className="h-10 w-3/4" />
            <Skeleton rounding="sm" onPage className="h-4 w-1/3" />
            <Skeleton rounding="sm" onPage className="h-64" />
          </LoadingState>
        ) : (
          <article aria-labelledby="story-title" className="mt-2">
            <StoryHeader story={story.data} />
            <div
              role="toolbar"
              aria-label="Highlighter"
              // sticky under the header where there is room; on a phone it stays in place above the text
              className="z-20 mt-6 flex flex-wrap items-center gap-2 rounded-md border border-border bg-surface/95 p-2 text-sm backdrop-blur sm:sticky sm:top-[4.25rem]"
            >
              <button
                type="button"
                onMouseDown={(event) => event.preventDefault()}
                onClick={highlightSelection}
                disabled={!hasSelection}
                // a phone gets the floating button below while text is selected
                className="inline-flex min-h-11 items-center gap-2 rounded-md bg-accent px-3 font-semibold text-accent-fg disabled:opacity-50 max-sm:hidden"
              >
                <Highlighter aria-hidden="true" className="size-4" /> Highlight selection
              </button>
              <span aria-live="polite" className="text-muted">
                {highlights.length === 0
                  ? 'Select a passage to highlight it.'
                  : `${highlights.length} ${highlights.length === 1 ? 'highlight' : 'highlights'}, kept in this browser. Click one to remove it.`}
              </span>
              {highlights.length > 0 && (
                <button
                  type="button"
                  onClick={clear}
                  className="ml-auto inline-flex min-h-11 items-center gap-2 rounded-md px-3 hover:bg-surface-2"
                >
                  <Trash2 aria-hidden="true" className="size-4" /> Clear highlights
                </button>
              )}
            </div>
            <div ref={article} className={`${proseClass} mt-6`} dangerouslySetInnerHTML={{ __html: html ?? '' }} />
            {hasSelection && (
              // on a phone: only while a passage is selected, bottom left (the chat button is bottom right)
              <button
                type="button"
                onMouseDown={(event) => event.preventDefault()}
                onClick={highlightSelection}
                className="fixed bottom-4 left-4 z-40 inline-flex min-h-12 items-center gap-2 rounded-full bg-accent px-4 font-semibold text-accent-fg shadow-card sm:hidden"
              >
                <Highlighter aria-hidden="true" className="size-4" /> Highlight selection
              </button>
            )}
          </article>
        )}
      </div>
    </>
  );
}

function StoryHeader({ story }: { story: Story }) {
  return (
    <header>
      <h1 id="story-title" className="text-3xl font-bold leading-tight sm:text-4xl">
        {story.title}
      </h1>
      <p className="mt-3 text-lg text-muted">{story.summary}</p>
      <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
        <span>{story.author}</span>
        <time dateTime={story.date}>{formatCalendarDate(story.date)}</time>
        <span className="inline-flex items-center gap-1">
          <Clock aria-hidden="true" className="size-4" />
          <span className="tabular">{story.readingTime}</span> min read
        </span>
      </p>
    </header>
  );
}
