import { QueryClient } from '@tanstack/react-query';
import { CACHE_MS } from '@tp/shared';
import { ApiError } from '@/lib/api-client';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: CACHE_MS.genericGet,
        gcTime: CACHE_MS.genericGet,
        refetchOnWindowFocus: false,
        // the API client already retries network faults and 5xx; never retry a 4xx
        retry: (failureCount, error) =>
          !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failureCount < 1,
      },
      mutations: { retry: false },
    },
  });
}

/** The app's one query cache, shared by every route under the query layout. */
export const queryClient = createQueryClient();
