import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { CACHE_MS } from '@tp/shared';
import { ApiError } from '@/lib/api-client';
import { AuthProvider } from '@/features/auth/auth-provider';
import { NotificationsProvider } from '@/lib/notifications';
import { ThemeProvider } from '@/lib/theme-boot';
import { Toaster } from '@/ui/toaster';

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

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ThemeProvider>
        <NotificationsProvider>
          <AuthProvider>{children}</AuthProvider>
          <Toaster />
        </NotificationsProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
