import { QueryClient, type FetchQueryOptions, type Query, type QueryCache, type QueryKey } from '@tanstack/react-query';
import { CACHE_MS, RETRIES } from '@tp/shared';
import { ApiError, authHooksInstalled } from '@/lib/api-client';

const GENERIC = RETRIES.genericClient;

/** What asking again cannot mend: a refusal (4xx), or an answer that does not match the contract. */
const retryCannotHelp = (error: unknown) =>
  error instanceof ApiError && ((error.status >= 400 && error.status < 500) || error.code === 'INVALID_ANSWER');

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CACHE_MS.genericGet,
        gcTime: CACHE_MS.genericGet,
        refetchOnWindowFocus: false,
        refetchOnMount: (query) => !isUnreadFirstRead(query),
        // a load is retried here alone: the API client sends once unless asked for retries, so
        // none stack inside these (the generic client's 3 × 1 s × attempt, never after a 4xx:
        // docs/product/shell.md#http-client)
        retry: (failureCount, error) => failureCount < GENERIC.attempts && !retryCannotHelp(error),
        retryDelay: (failureCount) => GENERIC.delayMs * (failureCount + 1),
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one query cache, shared by every route under the query layout. */
export const queryClient = createQueryClient();

/**
 * How long a page's first read, asked for as its route matched, counts as the answer for the
 * reader that mounts next: the page's chunks load meanwhile, slowly on a slow phone.
 */
export const FIRST_READ_FRESH_MS = 10_000;

/**
 * A query's options, as a feature's `queryOptions` factory makes them. One page's reads differ in
 * their data's type, which TanStack Query's types cannot hold in one list.
 */
export type FirstRead = { queryKey: QueryKey; queryFn?: unknown };

/** Queries whose answer came from a page's first reads and whose first reader has not left. */
const unreadFirstReads = new WeakSet<Query>();
const watchedCaches = new WeakSet<QueryCache>();

/**
 * Whether a mounting reader takes its query's answer as it is: an answer of the page's first reads
 * less than FIRST_READ_FRESH_MS old, until its first reader leaves (docs/decisions/0055). Any other
 * mount of a stale query asks again, as TanStack Query does by default. (TanStack Query asks this
 * more than once per mount, so the answer cannot be taken away on the first question.)
 */
function isUnreadFirstRead(query: Query): boolean {
  return unreadFirstReads.has(query) && Date.now() - query.state.dataUpdatedAt < FIRST_READ_FRESH_MS;
}

function forgetWhenReaderLeaves(client: QueryClient) {
  const cache = client.getQueryCache();
  if (watchedCaches.has(cache)) return;
  watchedCaches.add(cache);
  cache.subscribe((event) => {
    if (event.type === 'observerRemoved') unreadFirstReads.delete(event.query);
  });
}

/**
 * Asks for a page's first reads as its route matches, in parallel with its code, so the page's
 * first render has its data (docs/decisions/0055). A read that fails is asked again by its reader.
 */
export async function prefetchFirstReads(reads: ReadonlyArray<FirstRead>, client = queryClient) {
  await authHooksInstalled();
  forgetWhenReaderLeaves(client);
  await Promise.all(
    reads.map(async (read) => {
      await client.prefetchQuery(read as FetchQueryOptions);
      const query = client.getQueryCache().find({ queryKey: read.queryKey, exact: true });
      // a reader that mounted while the read was on its way has shown it already
      if (query?.state.status === 'success' && query.getObserversCount() === 0) unreadFirstReads.add(query);
    }),
  );
}

const DELAYS_MS: readonly number[] = RETRIES.dataLoadingDelaysMs;

/**
 * Data loading with retry (docs/product/shell.md#data-loading-retry): a failed load is tried again
 * up to 3 times, after 2, 4
 * and 8 s; never after a 4xx, and never once the query is cancelled (its reader left). Spread it
 * into the query options of the screens that load with retry (trading, dashboard). These are the
 * load's only retries: a query's fetcher sends once (`apiRequest`'s default), so
 * a failing load makes 4 requests and shows its error after 2 + 4 + 8 = 14 s.
 */
export const retryDataLoading = {
  retry: (failureCount: number, error: Error) => failureCount < DELAYS_MS.length && !retryCannotHelp(error),
  retryDelay: (failureCount: number) => DELAYS_MS[Math.min(failureCount, DELAYS_MS.length - 1)]!,
};
