import { Navigate, Outlet, useLocation } from 'react-router';
import { Spinner } from '@/ui/spinner';
import { useAuth } from './auth-provider';

/** Protected routes: spinner while auth loads, /login with the origin when anonymous, profile completion first. */
export function RequireAuth() {
  const { status, user } = useAuth();
  const location = useLocation();
  if (status === 'loading') {
    return (
      <div className="flex min-h-[50vh] items-center justify-center">
        <Spinner label="Checking your session" />
      </div>
    );
  }
  if (status === 'anonymous' || !user) {
    return <Navigate to="/login" replace state={{ from: location.pathname + location.search }} />;
  }
  if (!user.profileComplete && location.pathname !== '/complete-profile') {
    return <Navigate to="/complete-profile" replace state={{ next: location.pathname + location.search }} />;
  }
  return <Outlet />;
}
