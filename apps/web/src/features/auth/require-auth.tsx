import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';

/**
 * Protected routes: nothing while auth loads (the provider's spinner shows), /login with the origin when anonymous (and the
 * server's 401 text when the session expired, or "logged out" after a log out), profile completion first.
 */
export function RequireAuth() {
  const { status, user, sessionEndedMessage, loggedOut } = useAuth();
  const location = useLocation();
  // the AuthProvider shows its spinner instead of the app until the first check is done
  if (status === 'loading') return null;
  if (status === 'anonymous' || !user) {
    const from = location.pathname + location.search;
    return (
      <Navigate
        to={paths.login}
        replace
        state={sessionEndedMessage ? { from, error: sessionEndedMessage } : loggedOut ? { loggedOut } : { from }}
      />
    );
  }
  if (!user.profileComplete && location.pathname !== paths.completeProfile) {
    return <Navigate to={paths.completeProfile} replace state={{ next: location.pathname + location.search }} />;
  }
  return <Outlet />;
}
