import { EMAIL_MAX_LENGTH, PROFILE_LIMITS } from '@tp/shared';
import { Button } from '@/ui/button';
import { Card } from '@/ui/card';
import { Checkbox } from '@/ui/checkbox';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';
import type { LoginFormState } from './use-login-form';

interface LoginFormProps {
  form: LoginFormState;
  /** The prerendered page can be filled in at once; it sends once the app runs. */
  hydrated: boolean;
}

/** Name (on sign-up), e-mail address and "Remember me", and the button that asks for a link. */
export function LoginForm({ form, hydrated }: LoginFormProps) {
  const { mode, fields, errors, waitText } = form;
  return (
    <Card as="form" elevation="flat" noValidate onSubmit={form.submit} className="mt-6 space-y-4 p-6">
      {mode === 'signup' && (
        <FormField name="name" label="Full Name" error={errors.name} isRequired>
          <Input
            ref={fields.nameRef}
            autoComplete="name"
            maxLength={PROFILE_LIMITS.nameMax}
            value={fields.name}
            onChange={(e) => fields.setName(e.target.value)}
          />
        </FormField>
      )}
      <FormField name="email" label="Email address" error={errors.email} isRequired>
        <Input
          ref={fields.emailRef}
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={EMAIL_MAX_LENGTH}
          value={fields.email}
          onChange={(e) => fields.setEmail(e.target.value)}
        />
      </FormField>
      <Checkbox label="Remember me" checked={fields.rememberMe} onCheckedChange={fields.setRememberMe} />
      <Button
        type="submit"
        className="w-full"
        loading={form.isSending}
        loadingText="Sending..."
        disabled={waitText !== null || !hydrated}
        aria-describedby={waitText ? 'next-link-wait' : undefined}
      >
        {mode === 'signin' ? 'Continue with Email' : 'Sign up'}
      </Button>
      {waitText && (
        <p id="next-link-wait" className="tabular text-center text-sm text-muted">
          {waitText}
        </p>
      )}
    </Card>
  );
}
