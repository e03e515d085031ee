import { fieldErrors } from '@/lib/form-errors';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  MESSAGES,
  PROFILE_LIMITS,
  profileUpdateSchema,
  REQUIRED_PROFILE_FIELDS,
  type ProfileUpdate,
  type User,
} from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-context';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { useUpdateProfile } from '../api/update-profile';
import { Card } from '@/ui/card';

type Field = 'name' | 'phone' | 'company' | 'position';
export const PROFILE_FIELDS: Array<{ key: Field; label: string; autoComplete: string; type?: string }> = [
  { key: 'name', label: 'Full name', autoComplete: 'name' },
  { key: 'phone', label: 'Phone', autoComplete: 'tel', type: 'tel' },
  { key: 'company', label: 'Company', autoComplete: 'organization' },
  { key: 'position', label: 'Position', autoComplete: 'organization-title' },
];
// the same rule the server uses for profileComplete, so saving this form always lets the user on
const isRequired = (key: Field) => (REQUIRED_PROFILE_FIELDS as readonly string[]).includes(key);

/**
 * Phone, company and position are read from the top level or the nested profile
 * (docs/product/sign-in.md#profile-rules).
 */
export const profileValue = (user: User, key: Field): string =>
  key === 'name' ? user.name : user[key] || user.profile[key] || '';

interface ProfileFormProps {
  user: User;
  /** Called with the saved user (already in the session). */
  onSaved(user: User): void;
  /** Shown once saved, while the page decides what comes next. */
  savedText?: string;
  onCancel?(): void;
  /** Puts the cursor in the first field (the form opened from a button, in place of what was shown). */
  focusFirst?: boolean;
}

/**
 * The complete-profile form (docs/product/sign-in.md#profile-completion): the e-mail read-only,
 * name and phone required, company and
 * position optional; checked with the contract's schema here and by the server, whose 400 names
 * the field it refused.
 */
export function ProfileForm({ user, onSaved, savedText, onCancel, focusFirst = false }: ProfileFormProps) {
  const { setUser } = useAuth();
  const form = useForm<ProfileUpdate>({
    resolver: zodResolver(profileUpdateSchema),
    defaultValues: Object.fromEntries(PROFILE_FIELDS.map(({ key }) => [key, profileValue(user, key)])),
  });
  const { errors } = form.formState;
  const update = useUpdateProfile();
  const { setFocus } = form;
  useEffect(() => {
    if (focusFirst) setFocus('name');
  }, [focusFirst, setFocus]);

  const onSubmit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: ({ user: updated }) => {
        setUser(updated);
        onSaved(updated);
      },
      onError: (error) => {
        // a 400 names the bad fields: show each message under its field
        const fields = fieldErrors(
          error,
          PROFILE_FIELDS.map((f) => f.key),
        );
        for (const [field, message] of Object.entries(fields) as [Field, string][]) {
          form.setError(field, { message }, { shouldFocus: true });
        }
      },
    }),
  );

  return (
    <Card as="form" elevation="flat" noValidate onSubmit={onSubmit} className="max-w-xl space-y-4 p-6">
      <FormField name="email" label="Email address" description="Your sign-in address; it cannot be changed here.">
        <Input value={user.email} readOnly aria-readonly="true" className="bg-surface-2 text-muted" />
      </FormField>
      <p className="text-sm text-muted">
        {/* editing on the Profile page (it can cancel), "later under Profile" would point where the user is */}
        {onCancel
          ? 'Name and phone are required. Company and position are optional.'
          : 'Name and phone are required to continue. Company and position are optional: add them now or later under Profile.'}
      </p>
      {PROFILE_FIELDS.map(({ key, label, autoComplete, type }) => (
        <FormField
          key={key}
          name={key}
          label={label}
          error={errors[key]?.message}
          isRequired={isRequired(key)}
          description={isRequired(key) ? undefined : 'Optional'}
        >
          <Input
            type={type ?? 'text'}
            autoComplete={autoComplete}
            maxLength={PROFILE_LIMITS[`${key}Max`]}
            {...form.register(key)}
          />
        </FormField>
      ))}
      {update.isError && (
        <Alert variant="error">
          {errorMessage(update.error, MESSAGES.profileUpdateFailedRetry, {
            clientErrorsOnly: true,
            unreachable: MESSAGES.networkAuth,
          })}
        </Alert>
      )}
      {update.isSuccess && savedText && <Alert variant="success">{savedText}</Alert>}
      <div className="flex flex-wrap gap-2">
        <Button
          type="submit"
          loading={update.isPending}
          loadingText="Saving..."
          disabled={update.isSuccess && Boolean(savedText)}
        >
          Save profile
        </Button>
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel} disabled={update.isPending}>
            Cancel
          </Button>
        )}
      </div>
    </Card>
  );
}
