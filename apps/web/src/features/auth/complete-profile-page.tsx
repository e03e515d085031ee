import { useEffect, useRef } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { PROFILE_REDIRECT_DELAY_MS } from '@tp/shared';
import { PageLayout } from '@/ui/page-layout';
import { useAuth } from '@/lib/auth-context';
import { ProfileForm } from './components/profile-form';
import { safeTarget } from './complete-sign-in';
import { paths } from '@/lib/paths';

/**
 * Once saved, the page waits 1.5 s, then replaces its entry with where the user was going
 * (docs/product/sign-in.md#profile-completion).
 */
export function useLeaveAfterSave(target: string) {
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    timer.current = setTimeout(
      () => navigate(target, { replace: true, state: { profileUpdated: true } }),
      PROFILE_REDIRECT_DELAY_MS,
    );
  };
}

/**
 * /complete-profile: "Complete Your Profile" after sign-in (or "Edit Profile" when arrived from
 * /dashboard), then on to where the user was going. /profile shows the profile (./profile-page).
 */
export default function CompleteProfilePage() {
  const { user } = useAuth();
  const location = useLocation();
  // `from`: the page the user came from (the dashboard's edit link); `next`: where to go once complete
  const { from, next } = (location.state ?? {}) as { from?: string; next?: string };
  const editing = from === paths.dashboard;
  const leave = useLeaveAfterSave(safeTarget(next) ?? safeTarget(from) ?? paths.dashboard);

  if (!user) return <Navigate to={paths.login} replace />;

  return (
    <PageLayout
      title={editing ? 'Edit Profile' : 'Complete Your Profile'}
      subtitle={editing ? 'Keep your contact details current.' : 'Tell us who you are so we can set up your dashboard.'}
      width="app"
    >
      <ProfileForm user={user} onSaved={leave} savedText={`Profile saved. Taking you ${editing ? 'back' : 'on'}…`} />
    </PageLayout>
  );
}
