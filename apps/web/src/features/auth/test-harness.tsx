import { createMemoryRouter, useLocation } from 'react-router';
import { renderInApp } from '@/test/render-in-app';
import { installDomPolyfills } from '@/ui/testing';
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

/** The auth screens inside the real providers and a memory router (in StrictMode, like the app). */
export function renderAuthApp(path: string, state?: unknown) {
  installDomPolyfills(); // the Radix checkbox measures itself
  const [pathname, search] = path.split('?');
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/stories', element: <Where /> },
      {
        element: <RequireAuth />,
        children: [
          { path: '/complete-profile', element: <CompleteProfilePage /> },
          { path: '/profile', element: <CompleteProfilePage /> },
          { path: '/dashboard', element: <Where /> },
          { path: '/content-access', element: <Where /> },
        ],
      },
    ],
    { initialEntries: [{ pathname: pathname!, search: search ? `?${search}` : '', state }] },
  );
  const view = renderInApp(router, { strict: true });
  return Object.assign(router, { unmount: view.unmount });
}
