import { fieldErrors } from '@/lib/form-errors';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { MESSAGES, PROFILE_LIMITS, profileUpdateSchema, REQUIRED_PROFILE_FIELDS, type User } from '@tp/shared';
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
type FieldErrors = Partial<Record<Field, string>>;

/** The contract's verdict on the values: the first message for each field it refuses. */
function checkProfile(values: Record<Field, string>) {
  const parsed = profileUpdateSchema.safeParse(values);
  const errors: FieldErrors = {};
  for (const issue of parsed.error?.issues ?? []) {
    const field = issue.path[0] as Field;
    errors[field] ??= issue.message;
  }
  return { parsed, errors };
}

/** The form's values and errors, checked with the contract before sending and by the server after. */
function useProfileForm(user: User, focusFirst: boolean, onSaved: (user: User) => void) {
  const { setUser } = useAuth();
  const [values, setValues] = useState(
    () => Object.fromEntries(PROFILE_FIELDS.map(({ key }) => [key, profileValue(user, key)])) as Record<Field, string>,
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  // once sent, a field is checked again as it changes
  const [submitted, setSubmitted] = useState(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const update = useUpdateProfile();
  useEffect(() => {
    if (focusFirst) inputs.current.name?.focus();
  }, [focusFirst]);

  const showErrors = (found: FieldErrors) => {
    setErrors(found);
    const first = PROFILE_FIELDS.find(({ key }) => found[key]);
    if (first) inputs.current[first.key]?.focus();
  };
  const change = (key: Field, value: string) => {
    const next = { ...values, [key]: value };
    setValues(next);
    if (submitted) setErrors((previous) => ({ ...previous, [key]: checkProfile(next).errors[key] }));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    const { parsed, errors: found } = checkProfile(values);
    if (!parsed.success) return showErrors(found);
    setErrors({});
    update.mutate(parsed.data, {
      onSuccess: ({ user: updated }) => {
        setUser(updated);
        onSaved(updated);
      },
      // a 400 names the bad fields: show each message under its field
      onError: (error) =>
        showErrors(
          fieldErrors(
            error,
            PROFILE_FIELDS.map((f) => f.key),
          ),
        ),
    });
  };

  return { values, errors, inputs, update, change, onSubmit };
}

export function ProfileForm({ user, onSaved, savedText, onCancel, focusFirst = false }: ProfileFormProps) {
  const { values, errors, inputs, update, change, onSubmit } = useProfileForm(user, focusFirst, onSaved);
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
          error={errors[key]}
          isRequired={isRequired(key)}
          description={isRequired(key) ? undefined : 'Optional'}
        >
          <Input
            type={type ?? 'text'}
            autoComplete={autoComplete}
            maxLength={PROFILE_LIMITS[`${key}Max`]}
            name={key}
            value={values[key]}
            onChange={(event) => change(key, event.target.value)}
            ref={(input) => {
              inputs.current[key] = input;
            }}
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
