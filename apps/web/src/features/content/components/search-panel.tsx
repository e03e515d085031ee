import { Clock, Search } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { CONTENT_MESSAGES, SEARCH, SEARCH_QUERY_MAX, type Period } from '@tp/shared';
import { appShellShowing } from '@/lib/app-shell';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { NativeSelect } from '@/ui/native-select';
import { LoadingState } from '@/ui/query-state';
import { useContentHealth } from '../api/get-content-health';
import { useRecentSearches } from '../api/get-recent-searches';
import { useSearchContent } from '../api/search-content';
import { LoadError } from '@/ui/load-error';
import { CATEGORY_LABELS } from '../content-format';
import { formatCount } from '@/lib/format';
import { formatDateTime } from '@/lib/format-date';
import { renderSnippet } from '../snippet';
import { CATEGORY_ICONS } from './category-icons';
import { Card } from '@/ui/card';
import { useTimeZone } from '@/lib/time-zone';

/** The search interface appears this long after the tab loads (docs/product/content-hub.md#search-tab). */
export const SEARCH_APPEAR_MS = 100;

type SearchType = 'image' | 'video' | 'document' | 'audio' | 'all';

/** The Search tab: a search over the user's own files, recent searches and the status panel. */
export function SearchPanel() {
  // the prerendered shell has shown it already, from the page's first paint (lib/app-shell.ts)
  const [visible, setVisible] = useState(appShellShowing);
  const search = useContentSearch();
  useEffect(() => {
    if (visible) return;
    const timer = setTimeout(() => setVisible(true), SEARCH_APPEAR_MS);
    return () => clearTimeout(timer);
  }, [visible]);
  // the placeholder takes the search box's and panels' height, so the library figures below stay put
  if (!visible) return <LoadingState lines={4} label="Loading search" className="min-h-[446px] md:min-h-[298px]" />;
  return (
    <div className="flex flex-col gap-6">
      <SearchBox search={search} />
      <div className="grid gap-6 md:grid-cols-2">
        <RecentSearches onPick={search.searchNow} />
        <SearchStatus />
      </div>
    </div>
  );
}

/**
 * The search box's state: the text as typed, the query searched (typing searches 300 ms after the
 * last key; Enter, a filter change or a picked recent search at once) and its results.
 */
function useContentSearch() {
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState('');
  const [type, setType] = useState<SearchType>('all');
  const [dateRange, setDateRange] = useState<Period>('all');
  const results = useSearchContent({
    query: submitted,
    filters: { ...(type !== 'all' && { type }), ...(dateRange !== 'all' && { dateRange }) },
    limit: SEARCH.defaultLimit,
  });

  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === submitted) return;
    const timer = setTimeout(() => setSubmitted(trimmed), SEARCH.debounceMs);
    return () => clearTimeout(timer);
  }, [text, submitted]);

  /** Searches `value` now; the search on screen asked for again goes to the server again. */
  function searchNow(value: string) {
    const trimmed = value.trim();
    setText(value);
    if (trimmed && trimmed === submitted) void results.refetch();
    else setSubmitted(trimmed); // a blank query clears the results and does not search
  }

  return {
    text,
    setText,
    submitted,
    type,
    setType: (value: SearchType) => {
      setType(value);
      setSubmitted(text.trim());
    },
    dateRange,
    setDateRange: (value: Period) => {
      setDateRange(value);
      setSubmitted(text.trim());
    },
    results,
    searchNow,
  };
}

type ContentSearch = ReturnType<typeof useContentSearch>;

function SearchBox({ search }: { search: ContentSearch }) {
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    search.searchNow(search.text); // Enter searches at once
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="flex min-w-0 flex-col gap-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Search content
      </h2>
      <form role="search" onSubmit={submit} className="grid grid-cols-2 gap-2 md:grid-cols-[9rem_9rem_max-content_1fr]">
        <label className="sr-only" htmlFor={`${id}-query`}>
          Search
        </label>
        <Input
          id={`${id}-query`}
          type="search"
          value={search.text}
          onChange={(e) => search.setText(e.target.value)}
          placeholder="Words in a name, tag or document"
          maxLength={SEARCH_QUERY_MAX}
          // a row of its own: beside the filters its placeholder was cut short
          className="col-span-full"
        />
        <NativeSelect
          aria-label="Type"
          value={search.type}
          onChange={(value) => search.setType(value as SearchType)}
          options={[
            { value: 'all', label: 'All types' },
            { value: 'image', label: 'Image' },
            { value: 'video', label: 'Video' },
            { value: 'document', label: 'Document' },
            { value: 'audio', label: 'Audio' },
          ]}
        />
        <NativeSelect
          aria-label="Date Range"
          value={search.dateRange}
          onChange={(value) => search.setDateRange(value as Period)}
          options={[
            { value: 'all', label: 'All time' },
            { value: 'today', label: 'Today' },
            { value: 'week', label: 'This week' },
            { value: 'month', label: 'This month' },
          ]}
        />
        <Button type="submit" className="col-span-2 md:col-span-1">
          <Search aria-hidden="true" className="size-4" />
          Search
        </Button>
      </form>
      <SearchResults query={search.submitted} results={search.results} />
    </section>
  );
}

function SearchResults({ query, results }: { query: string; results: ContentSearch['results'] }) {
  const timeZone = useTimeZone();
  if (!query) {
    return (
      <p className="text-sm text-muted">
        Search finds words inside your PDFs and text documents too. Quotes find a phrase, OR either word, a minus leaves
        a word out.
      </p>
    );
  }
  if (results.isError) {
    return (
      <LoadError
        error={results.error}
        fallback={CONTENT_MESSAGES.searchFailed}
        onRetry={() => void results.refetch()}
      />
    );
  }
  if (!results.data) {
    return (
      <div role="status" className="flex flex-col gap-2">
        <p className="text-sm text-muted">{CONTENT_MESSAGES.searching}</p>
        <LoadingState lines={3} label={CONTENT_MESSAGES.searching} />
      </div>
    );
  }
  // the last results stay on screen while the next search runs
  const found = results.data;
  if (found.length === 0 && !results.isFetching) {
    return (
      <p role="status" className="rounded-card border border-dashed border-border p-4">
        {CONTENT_MESSAGES.noContentFound}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2" aria-busy={results.isFetching}>
      <p role="status" className="tabular text-sm text-muted">
        {results.isFetching
          ? CONTENT_MESSAGES.searching
          : `${formatCount(found.length)} ${found.length === 1 ? 'result' : 'results'} for “${query}”`}
      </p>
      <ul aria-label="Search results" className="flex flex-col gap-2">
        {found.map((result) => {
          const Icon = CATEGORY_ICONS[result.type];
          return (
            <li key={result.id}>
              <Card
                as="a"
                elevation="flat"
                href={result.url}
                target="_blank"
                rel="noopener noreferrer"
                className="flex gap-3 p-3 hover:border-accent focus-visible:border-accent"
              >
                <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted" />
                <span className="flex min-w-0 flex-col gap-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="truncate font-medium">{result.name}</span>
                    <Badge variant="outline">{CATEGORY_LABELS[result.type]}</Badge>
                  </span>
                  {result.snippet && (
                    <span className="break-words text-sm text-muted">{renderSnippet(result.snippet)}</span>
                  )}
                  <span className="tabular text-xs text-muted">{formatDateTime(result.date, timeZone)}</span>
                </span>
              </Card>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function RecentSearches({ onPick }: { onPick(query: string): void }) {
  const recent = useRecentSearches();
  return (
    <section aria-labelledby="recent-searches-heading" className="flex flex-col gap-2">
      <h3 id="recent-searches-heading" className="font-semibold">
        Recent Searches
      </h3>
      {recent.isPending ? (
        <LoadingState lines={3} label="Loading recent searches" />
      ) : recent.isError ? (
        <LoadError
          error={recent.error}
          fallback={CONTENT_MESSAGES.searchFailed}
          onRetry={() => void recent.refetch()}
        />
      ) : recent.data.length === 0 ? (
        <p className="text-sm text-muted">{CONTENT_MESSAGES.noRecentSearchesYet}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {recent.data.map((item) => (
            <li key={`${item.query}-${item.timestamp}`}>
              <button
                type="button"
                onClick={() => onPick(item.query)}
                className="flex min-h-11 w-full items-center gap-2 rounded-md px-2 text-left text-sm hover:bg-surface-2 dense:min-h-9"
              >
                <Clock aria-hidden="true" className="size-4 shrink-0 text-muted" />
                <span className="min-w-0 flex-1 truncate">{item.query}</span>
                <span className="tabular text-xs text-muted">{formatCount(item.resultsCount)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * The status panel of the search integration: service, label, isConnected
 * (docs/product/content-hub.md#search-status-panel).
 */
function SearchStatus() {
  const health = useContentHealth();
  const connected = health.data?.status === 'ok';
  return (
    <Card
      as="section"
      elevation="flat"
      tone="outline"
      aria-labelledby="search-status-heading"
      className="flex flex-col gap-2 p-3"
    >
      <h3 id="search-status-heading" className="font-semibold">
        Search status
      </h3>
      {health.isPending ? (
        <LoadingState lines={1} label="Checking the search service" />
      ) : (
        <>
          <p className="flex items-center gap-2 text-sm">
            <span aria-hidden="true" className={cn('size-2 rounded-full', connected ? 'bg-gain' : 'bg-loss')} />
            Full-text search: {connected ? 'Connected' : 'Not connected'}
          </p>
          {!connected && (
            <div className="flex flex-col items-start gap-2 text-sm text-muted">
              <p>{CONTENT_MESSAGES.serviceUnavailable}</p>
              <Button variant="outline" size="sm" onClick={() => void health.refetch()}>
                Check again
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
