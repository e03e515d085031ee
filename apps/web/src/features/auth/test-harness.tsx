import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { AppProviders, createQueryClient } from '@/app/providers';
import { RequireAuth } from './require-auth';
import LoginPage from './login-page';
import CompleteProfilePage from './complete-profile-page';

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname}
      {JSON.stringify(location.state ?? null)}
    </p>
  );
}

/** The auth screens inside the real providers and a memory router. */
export function renderAuthApp(path: string, state?: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/complete-profile', element: <CompleteProfilePage /> },
          { path: '/dashboard', element: <Where /> },
          { path: '/content-access', element: <Where /> },
        ],
      },
    ],
    { initialEntries: [{ pathname: path.split('?')[0]!, search: path.includes('?') ? `?${path.split('?')[1]}` : '', state }] },
  );
  const client = createQueryClient();
  render(
    <AppProviders queryClient={client}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}
