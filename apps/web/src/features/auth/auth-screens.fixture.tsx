import type { RouteObject } from 'react-router';
import { paths } from '@/lib/paths';
import { LocationProbe } from '@/testing';
import CompleteProfilePage from './complete-profile-page';
import LoginPage from './login-page';
import ProfilePage from './profile-page';
import { RequireAuth } from './require-auth';

/** The auth screens and two protected pages behind the app's guard, for renderApp in the auth tests. */
export const authScreens: RouteObject[] = [
  { path: paths.login, element: <LoginPage /> },
  {
    element: <RequireAuth />,
    children: [
      { path: paths.completeProfile, element: <CompleteProfilePage /> },
      { path: paths.profile, element: <ProfilePage /> },
      { path: paths.dashboard, element: <LocationProbe /> },
      { path: paths.contentAccess, element: <LocationProbe /> },
    ],
  },
];
