import { StrictMode } from 'react';
import { render } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider, type createMemoryRouter } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';

/**
 * A memory router inside the app's providers and the query client the query layout gives every
 * page but the landing and static ones. `strict` renders in StrictMode, like the app.
 */
export function renderInApp(router: ReturnType<typeof createMemoryRouter>, { strict = false } = {}) {
  const tree = (
    <QueryClientProvider client={createQueryClient()}>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </QueryClientProvider>
  );
  return render(strict ? <StrictMode>{tree}</StrictMode> : tree);
}
