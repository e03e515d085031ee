import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Navigate, useLocation, useNavigate } from 'react-router';
import {
  MESSAGES,
  PROFILE_REDIRECT_DELAY_MS,
  profileUpdateSchema,
  REQUIRED_PROFILE_FIELDS,
  type ProfileUpdate,
} from '@tp/shared';
import { ApiError } from '@/lib/api-client';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { PageLayout } from '@/ui/page-layout';
import { useAuth } from '@/lib/auth-context';
import { useUpdateProfile } from './api/update-profile';
import { safeTarget } from './complete-sign-in';
import { paths } from '@/lib/paths';

type Field = 'name' | 'phone' | 'company' | 'position';
const FIELDS: Array<{ key: Field; label: string; autoComplete: string; type?: string }> = [
  { key: 'name', label: 'Full name', autoComplete: 'name' },
  { key: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel' },
  { key: 'company', label: 'Company', autoComplete: 'organization' },
  { key: 'position', label: 'Position', autoComplete: 'organization-title' },
];
// the same rule the server uses for profileComplete, so saving this form always lets the user on
const isRequired = (key: Field) => (REQUIRED_PROFILE_FIELDS as readonly string[]).includes(key);
const isField = (name: string): name is Field => FIELDS.some((f) => f.key === name);

/** The server's message for a refused update; the spec's retry text for anything else. */
function failureMessage(error: unknown): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500
    ? error.message
    : MESSAGES.profileUpdateFailedRetry;
}

/**
 * /complete-profile and /profile: "Edit Profile" when arrived from /dashboard (or at /profile),
 * else "Complete Your Profile". Validated with the contract's schema (name and phone required).
 */
export default function CompleteProfilePage() {
  const { user, setUser } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  // `from`: the page the user came from (the dashboard's edit link); `next`: where to go once complete
  const { from, next } = (location.state ?? {}) as { from?: string; next?: string };
  const editing = from === paths.dashboard || location.pathname === paths.profile;
  const form = useForm<ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: {
      name: user?.name ?? '',
      phone: user?.phone || user?.profile.phone || '',
      company: user?.company || user?.profile.company || '',
      position: user?.position || user?.profile.position || '',
    },
  });
  const { errors } = form.formState;
  const [saved, setSaved] = useState(false);
  const update = useUpdateProfile();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!user) return <Navigate to={paths.login} replace />;

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: ({ user: updated }) => {
        setUser(updated);
        setSaved(true);
        timer.current = setTimeout(() => {
          navigate(safeTarget(next) ?? safeTarget(from) ?? paths.dashboard, {
            replace: true,
            state: { profileUpdated: true },
          });
        }, PROFILE_REDIRECT_DELAY_MS);
      },
      onError: (error) => {
        // a 400 names the bad fields: show each message under its field
        if (error instanceof ApiError) {
          for (const { field, message } of error.details ?? []) {
            if (isField(field)) form.setError(field, { message }, { shouldFocus: true });
          }
        }
      },
    }),
  );

  return (
    <PageLayout
      title={editing ? 'Edit Profile' : 'Complete Your Profile'}
      subtitle={editing ? 'Keep your contact details current.' : 'Tell us who you are so we can set up your dashboard.'}
      width="app"
    >
      <form
        noValidate
        onSubmit={onSubmit}
        className="max-w-xl space-y-4 rounded-[var(--radius-card)] border border-border bg-surface p-6"
      >
        <FormField name="email" label="Email address" description="Your sign-in address; it cannot be changed here.">
          <Input value={user.email} readOnly aria-readonly="true" className="bg-surface-2 text-muted" />
        </FormField>
        <p className="text-sm text-muted">
          Name and phone are required to continue. Company and position are optional: add them now or later under
          Profile.
        </p>
        {FIELDS.map(({ key, label, autoComplete, type }) => (
          <FormField
            key={key}
            name={key}
            label={label}
            error={errors[key]?.message}
            isRequired={isRequired(key)}
            description={isRequired(key) ? undefined : 'Optional'}
          >
            <Input type={type ?? 'text'} autoComplete={autoComplete} {...form.register(key)} />
          </FormField>
        ))}
        {update.isError && <Alert variant="error">{failureMessage(update.error)}</Alert>}
        {saved && <Alert variant="success">Profile saved. Taking you {editing ? 'back' : 'on'}…</Alert>}
        <Button type="submit" loading={update.isPending} loadingText="Saving..." disabled={saved}>
          Save profile
        </Button>
      </form>
    </PageLayout>
  );
}
