import { QueryClient } from '@tanstack/react-query';
import { CACHE_MS, RETRIES } from '@tp/shared';
import { ApiError } from '@/lib/api-client';

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
