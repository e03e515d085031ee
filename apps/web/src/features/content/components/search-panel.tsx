import { useQueryClient } from '@tanstack/react-query';
import { Clock, Search } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CONTENT_MESSAGES, SEARCH, type Period, type SearchResult } from '@tp/shared';
import { cn } from '@/lib/cn';
import { Badge } from '@/ui/badge';
import { Button } from '@/ui/button';
import { Input } from '@/ui/input';
import { NativeSelect } from '@/ui/native-select';
import { SkeletonText } from '@/ui/skeleton';
import { useContentHealth } from '../api/get-content-health';
import { useRecentSearches } from '../api/get-recent-searches';
import { contentKeys } from '../api/keys';
import { searchContent } from '../api/search-content';
import { LoadError } from '@/ui/load-error';
import { CATEGORY_LABELS, formatCount, formatDate, messageOf } from '../content-format';
import { renderSnippet } from '../snippet';
import { CATEGORY_ICONS } from './file-library';

/** The search interface appears this long after the tab loads (spec 02 §2, §9). */
export const SEARCH_APPEAR_MS = 100;

type SearchType = 'image' | 'video' | 'document' | 'audio' | 'all';

type SearchState =
  | { status: 'idle' }
  | { status: 'searching'; query: string }
  | { status: 'done'; query: string; results: SearchResult[] }
  | { status: 'failed'; query: string; message: string };

/** The Search tab: a search over the user's files and public files, recent searches and the status panel. */
export function SearchPanel() {
  const [visible, setVisible] = useState(false);
  // a recent search picked from the list: its text, and a count so the same one can run again
  const [picked, setPicked] = useState<{ query: string; count: number } | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setVisible(true), SEARCH_APPEAR_MS);
    return () => clearTimeout(timer);
  }, []);
  if (!visible) return <SkeletonText lines={4} label="Loading search" />;
  return (
    <div className="flex flex-col gap-6">
      <SearchBox picked={picked} />
      <div className="grid gap-6 md:grid-cols-2">
        <RecentSearches onPick={(query) => setPicked((last) => ({ query, count: (last?.count ?? 0) + 1 }))} />
        <SearchStatus />
      </div>
    </div>
  );
}

function SearchBox({ picked }: { picked: { query: string; count: number } | null }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState('');
  const [type, setType] = useState<SearchType>('all');
  const [dateRange, setDateRange] = useState<Period>('all');
  const [state, setState] = useState<SearchState>({ status: 'idle' });
  const inFlight = useRef<AbortController | null>(null);
  /** The query last searched (or cleared): a debounce that would repeat it does nothing. */
  const lastRun = useRef('');

  async function run(text: string) {
    inFlight.current?.abort();
    const trimmed = text.trim();
    lastRun.current = trimmed;
    if (!trimmed) {
      setState({ status: 'idle' }); // a blank query clears the results and does not search
      return;
    }
    const controller = new AbortController();
    inFlight.current = controller;
    setState({ status: 'searching', query: trimmed });
    try {
      const results = await searchContent(
        {
          query: trimmed,
          filters: { ...(type !== 'all' && { type }), ...(dateRange !== 'all' && { dateRange }) },
          limit: SEARCH.defaultLimit,
        },
        controller.signal,
      );
      if (controller.signal.aborted) return;
      setState({ status: 'done', query: trimmed, results });
      void queryClient.invalidateQueries({ queryKey: contentKeys.recentSearches() });
    } catch (error) {
      if (controller.signal.aborted) return;
      setState({ status: 'failed', query: trimmed, message: messageOf(error, CONTENT_MESSAGES.searchFailed) });
    }
  }
  const runRef = useRef(run);
  runRef.current = run;

  // typing searches 300 ms after the last key; a filter change searches again at once
  useEffect(() => {
    if (query.trim() === lastRun.current) return;
    const timer = setTimeout(() => void runRef.current(query), SEARCH.debounceMs);
    return () => clearTimeout(timer);
  }, [query]);
  useEffect(() => {
    if (query.trim()) void runRef.current(query);
    // only the filters trigger this one
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [type, dateRange]);
  useEffect(() => () => inFlight.current?.abort(), []);

  function submit(event: FormEvent) {
    event.preventDefault();
    void run(query); // Enter searches at once
  }

  useEffect(() => {
    if (!picked) return;
    setQuery(picked.query);
    void runRef.current(picked.query);
  }, [picked]);

  return (
    <section aria-labelledby={`${id}-heading`} className="flex min-w-0 flex-col gap-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Search content
      </h2>
      <form
        role="search"
        onSubmit={submit}
        className="grid grid-cols-2 gap-2 md:grid-cols-[minmax(0,1fr)_9rem_9rem_auto]"
      >
        <label className="sr-only" htmlFor={`${id}-query`}>
          Search
        </label>
        <Input
          id={`${id}-query`}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="Words in a name, tag, description or inside a document"
          maxLength={200}
          className="col-span-2 md:col-span-1"
        />
        <NativeSelect
          aria-label="Type"
          value={type}
          onChange={(value) => setType(value as SearchType)}
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
          value={dateRange}
          onChange={(value) => setDateRange(value as Period)}
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
      <SearchResults state={state} onRetry={() => void run(query)} />
    </section>
  );
}

function SearchResults({ state, onRetry }: { state: SearchState; onRetry(): void }) {
  if (state.status === 'idle') {
    return (
      <p className="text-sm text-muted">
        Search finds words inside your PDFs and text documents too. Quotes find a phrase, OR either word, a minus leaves
        a word out.
      </p>
    );
  }
  if (state.status === 'searching') {
    return (
      <div role="status" className="flex flex-col gap-2">
        <p className="text-sm text-muted">{CONTENT_MESSAGES.searching}</p>
        <SkeletonText lines={3} label={CONTENT_MESSAGES.searching} />
      </div>
    );
  }
  if (state.status === 'failed') {
    return <LoadError message={state.message} onRetry={onRetry} />;
  }
  if (state.results.length === 0) {
    return (
      <p role="status" className="rounded-card border border-dashed border-border p-4">
        {CONTENT_MESSAGES.noContentFound}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-2">
      <p role="status" className="tabular text-sm text-muted">
        {formatCount(state.results.length)} {state.results.length === 1 ? 'result' : 'results'} for “{state.query}”
      </p>
      <ul aria-label="Search results" className="flex flex-col gap-2">
        {state.results.map((result) => {
          const Icon = CATEGORY_ICONS[result.type];
          return (
            <li key={result.id}>
              <a
                href={result.url}
                target="_blank"
                rel="noopener noreferrer"
                className="flex gap-3 rounded-card border border-border bg-surface p-3 hover:border-accent focus-visible:border-accent"
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
                  <span className="tabular text-xs text-muted">{formatDate(result.date)}</span>
                </span>
              </a>
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
        <SkeletonText lines={3} label="Loading recent searches" />
      ) : recent.isError ? (
        <LoadError
          message={messageOf(recent.error, CONTENT_MESSAGES.searchFailed)}
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
                className="flex min-h-11 w-full items-center gap-2 rounded-md px-2 text-left text-sm hover:bg-surface-2 md:min-h-9"
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

/** The status panel of the search integration (spec 02 §3: service, label, isConnected). */
function SearchStatus() {
  const health = useContentHealth();
  const connected = health.data?.status === 'ok';
  return (
    <section
      aria-labelledby="search-status-heading"
      className="flex flex-col gap-2 rounded-card border border-border p-3"
    >
      <h3 id="search-status-heading" className="font-semibold">
        Search status
      </h3>
      {health.isPending ? (
        <SkeletonText lines={1} label="Checking the search service" />
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
    </section>
  );
}
