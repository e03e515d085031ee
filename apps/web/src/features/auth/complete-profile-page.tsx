import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { MESSAGES, PROFILE_REDIRECT_DELAY_MS } from '@tp/shared';
import { ApiError } from '@/lib/api-client';
import { PageLayout } from '@/ui/page-layout';
import { useAuth } from './auth-provider';
import { useUpdateProfile } from './api/update-profile';
import { safeTarget } from './complete-sign-in';

type Field = 'name' | 'phone' | 'company' | 'position';
const FIELDS: Array<{ key: Field; label: string; required: boolean; autoComplete: string; type?: string }> = [
  { key: 'name', label: 'Full name', required: true, autoComplete: 'name' },
  { key: 'phone', label: 'Phone', required: true, autoComplete: 'tel', type: 'tel' },
  { key: 'company', label: 'Company', required: false, autoComplete: 'organization' },
  { key: 'position', label: 'Position', required: false, autoComplete: 'organization-title' },
];

/** /complete-profile and /profile: "Edit Profile" when arrived from /dashboard, else "Complete Your Profile". */
export default function CompleteProfilePage() {
  const { user, setUser } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  // `from`: the page the user came from (the dashboard's edit link); `next`: where to go once complete
  const { from, next } = (location.state ?? {}) as { from?: string; next?: string };
  const editing = from === '/dashboard' || location.pathname === '/profile';
  const [values, setValues] = useState<Record<Field, string>>({
    name: user?.name ?? '',
    phone: user?.phone ?? '',
    company: user?.company ?? '',
    position: user?.position ?? '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [saved, setSaved] = useState(false);
  const update = useUpdateProfile();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!user) return <Navigate to="/login" replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Partial<Record<Field, string>> = {};
    if (!values.name.trim()) missing.name = 'Name is required';
    if (!values.phone.trim()) missing.phone = 'Phone is required';
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    update.mutate(values, {
      onSuccess: ({ user: updated }) => {
        setSaved(true);
        timer.current = setTimeout(() => {
          setUser(updated);
          navigate(safeTarget(next) ?? safeTarget(from) ?? '/dashboard', { replace: true, state: { profileUpdated: true } });
        }, PROFILE_REDIRECT_DELAY_MS);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.details) {
          setErrors(Object.fromEntries(error.details.map((d) => [d.field, d.message])) as Partial<Record<Field, string>>);
        }
      },
    });
  };

  const failure = update.error
    ? update.error instanceof ApiError && update.error.status >= 400 && update.error.status < 500
      ? update.error.message
      : MESSAGES.profileUpdateFailedRetry
    : null;
  const busy = update.isPending || saved;

  return (
    <PageLayout
      title={editing ? 'Edit Profile' : 'Complete Your Profile'}
      subtitle={editing ? 'Keep your contact details current.' : 'Tell us who you are so we can set up your dashboard.'}
      width="app"
    >
      <form noValidate onSubmit={onSubmit} className="max-w-xl space-y-4 rounded-[var(--radius-card)] border border-border bg-surface p-6">
        <div>
          <label htmlFor="profile-email" className="block text-sm font-medium">
            Email address
          </label>
          <input
            id="profile-email"
            value={user.email}
            readOnly
            aria-readonly="true"
            className="mt-1 block min-h-11 w-full rounded-md border border-border bg-surface-2 px-3 text-muted"
          />
        </div>
        {FIELDS.map(({ key, label, required, autoComplete, type }) => (
          <div key={key}>
            <label htmlFor={`profile-${key}`} className="block text-sm font-medium">
              {label}
              {required && (
                <span aria-hidden="true" className="text-loss">
                  {' '}
                  *
                </span>
              )}
            </label>
            <input
              id={`profile-${key}`}
              name={key}
              type={type ?? 'text'}
              autoComplete={autoComplete}
              value={values[key]}
              onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
              aria-required={required}
              aria-invalid={Boolean(errors[key])}
              aria-describedby={errors[key] ? `profile-${key}-error` : undefined}
              className="mt-1 block min-h-11 w-full rounded-md border border-border bg-bg px-3 aria-[invalid=true]:border-loss"
            />
            {errors[key] && (
              <p id={`profile-${key}-error`} className="mt-1 text-sm text-loss">
                {errors[key]}
              </p>
            )}
          </div>
        ))}
        {failure && (
          <p role="alert" className="text-loss">
            {failure}
          </p>
        )}
        {saved && (
          <p role="status" className="text-gain">
            Profile saved. Taking you back…
          </p>
        )}
        <button type="submit" disabled={busy} className="min-h-11 rounded-md bg-accent px-5 font-semibold text-accent-fg disabled:opacity-60">
          {update.isPending ? 'Saving...' : 'Save profile'}
        </button>
      </form>
    </PageLayout>
  );
}
