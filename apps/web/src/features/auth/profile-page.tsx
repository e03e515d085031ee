import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { Pencil } from 'lucide-react';
import type { User } from '@tp/shared';
import { useAuth } from '@/lib/auth-context';
import { Alert } from '@/ui/alert';
import { Avatar } from '@/ui/avatar';
import { Button } from '@/ui/button';
import { PageLayout } from '@/ui/page-layout';
import { PROFILE_FIELDS, ProfileForm, profileValue } from './components/profile-form';
import { useLeaveAfterSave } from './complete-profile-page';
import { safeTarget } from './complete-sign-in';
import { paths } from '@/lib/paths';
import { Card } from '@/ui/card';
import { formatDate } from '@/lib/format-date';

/**
 * /profile: the user's profile, and "Edit Profile" with the complete-profile form. Arriving from
 * the dashboard's "Edit Profile" opens the form, and saving returns there after 1.5 s
 * (docs/product/sign-in.md#profile-page);
 * editing from here returns to the profile. An incomplete profile never gets here: the route guard
 * sends it to /complete-profile (decision 0026).
 */
export default function ProfilePage() {
  const { user } = useAuth();
  const location = useLocation();
  const { from } = (location.state ?? {}) as { from?: string };
  const fromDashboard = from === paths.dashboard;
  const [editing, setEditing] = useState(fromDashboard);
  const [saved, setSaved] = useState(false);
  const leave = useLeaveAfterSave(safeTarget(from) ?? paths.dashboard);
  // keyboard users land where they were: the form's first field on Edit, the Edit button on leaving it
  const editButton = useRef<HTMLButtonElement>(null);
  const [switched, setSwitched] = useState(false);
  useEffect(() => {
    if (switched && !editing) editButton.current?.focus();
  }, [switched, editing]);

  if (!user) return <Navigate to={paths.login} replace />;

  if (editing) {
    return (
      <PageLayout title="Edit Profile" subtitle="Keep your contact details current." width="app">
        <ProfileForm
          user={user}
          savedText={fromDashboard ? 'Profile saved. Taking you back…' : undefined}
          onSaved={() => {
            if (fromDashboard) leave();
            else {
              setSaved(true);
              setEditing(false);
            }
          }}
          onCancel={() => setEditing(false)}
          focusFirst={switched}
        />
      </PageLayout>
    );
  }

  return (
    <PageLayout title="Profile" subtitle="Your account and contact details." width="app">
      <div className="flex max-w-xl flex-col gap-4">
        {saved && <Alert variant="success">Profile saved.</Alert>}
        <ProfileDetails user={user} />
        <div>
          <Button
            ref={editButton}
            onClick={() => {
              setSaved(false);
              setSwitched(true);
              setEditing(true);
            }}
          >
            <Pencil aria-hidden="true" className="size-4" /> Edit Profile
          </Button>
        </div>
      </div>
    </PageLayout>
  );
}

function ProfileDetails({ user }: { user: User }) {
  const rows = PROFILE_FIELDS.map(({ key, label }) => ({ label, value: profileValue(user, key) }));
  const since = new Date(user.createdAt);
  return (
    <Card as="section" elevation="flat" aria-labelledby="profile-details-heading" className="p-6">
      <div className="flex items-center gap-4">
        <Avatar name={user.name || user.email} size="lg" decorative />
        <div className="min-w-0">
          <h2 id="profile-details-heading" className="truncate text-lg font-semibold">
            {user.name || 'Your profile'}
          </h2>
          <p className="truncate text-sm text-muted">{user.email}</p>
        </div>
      </div>
      <dl className="mt-5 grid grid-cols-1 gap-x-6 gap-y-3 text-sm sm:grid-cols-[10rem_1fr]">
        <dt className="text-muted">Email address</dt>
        <dd>
          <span className="break-all">{user.email}</span>
          <span className="ml-2 whitespace-nowrap text-muted">
            {user.emailVerified ? '(verified)' : '(not verified yet)'}
          </span>
        </dd>
        {rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="text-muted">{row.label}</dt>
            <dd className={row.value ? 'break-words' : 'text-muted italic'}>{row.value || 'Not given'}</dd>
          </div>
        ))}
        <dt className="text-muted">Time zone</dt>
        <dd>
          {user.timezone.replaceAll('_', ' ')}{' '}
          <Link to={paths.settings} className="ml-1 text-accent underline underline-offset-2">
            Change in Settings
          </Link>
        </dd>
        <dt className="text-muted">Plan</dt>
        <dd className="capitalize">{user.plan}</dd>
        {!Number.isNaN(since.getTime()) && (
          <>
            <dt className="text-muted">Member since</dt>
            <dd>
              <time dateTime={user.createdAt}>{formatDate(since, user.timezone)}</time>
            </dd>
          </>
        )}
      </dl>
    </Card>
  );
}
