import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { MESSAGES, PRICING_TIERS } from '@tp/shared';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useTypedBeforeStart } from '@/lib/client-only';
import { fieldErrors } from '@/lib/form-errors';
import { useRequestMagicLink } from './api/request-magic-link';
import { safeTarget } from './complete-sign-in';
import { useNextLinkWait } from './next-link-wait';

export type LoginMode = 'signin' | 'signup';
export type LoginFieldErrors = { name?: string; email?: string };

/**
 * In-page validation with the product's texts (the form is noValidate). The address format is the
 * server's to judge: a 400 names the field, and its message is shown under it.
 */
function validate(mode: LoginMode, name: string, email: string): LoginFieldErrors {
  const errors: LoginFieldErrors = {};
  if (mode === 'signup' && !name.trim()) errors.name = MESSAGES.nameRequiredForSignup;
  if (!email.trim()) errors.email = MESSAGES.emailRequired;
  return errors;
}

interface LoginFormOptions {
  /** Where the user was headed before being sent to sign in. */
  from: string | undefined;
  /** Each press of the submit button, valid or not. */
  onAttempt: () => void;
}

/** The sign-in / sign-up form: its fields, their errors, the request for a link and what it answered. */
export function useLoginForm({ from, onAttempt }: LoginFormOptions) {
  // the landing page's calls to action open sign-up (?mode=signup), with the plan chosen (?plan=team)
  const [searchParams] = useSearchParams();
  const plan = PRICING_TIERS.find((tier) => tier.id === searchParams.get('plan')) ?? null;
  const [mode, setMode] = useState<LoginMode>(() =>
    searchParams.get('mode') === 'signup' || plan ? 'signup' : 'signin',
  );
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [errors, setErrors] = useState<LoginFieldErrors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const address = email.trim().toLowerCase();
  const { waitText, startWait } = useNextLinkWait(sentTo ?? address);
  const request = useRequestMagicLink();
  const emailRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const wasSent = useRef(false);
  // the prerendered page: what was typed before the app ran stays, and is what gets sent
  useTypedBeforeStart(emailRef, email, setEmail);
  useTypedBeforeStart(nameRef, name, setName);

  // back from "Check Your Email": the button that was pressed went away, so focus the e-mail field
  useEffect(() => {
    if (!sentTo && wasSent.current) emailRef.current?.focus();
    wasSent.current = sentTo !== null;
  }, [sentTo]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAttempt();
    const next = validate(mode, name, email);
    setErrors(next);
    if (next.name) return nameRef.current?.focus();
    if (next.email) return emailRef.current?.focus();
    request.mutate(
      {
        email: address,
        name: mode === 'signup' ? name.trim() : undefined,
        mode,
        plan: plan?.id,
        rememberMe,
        redirectTo: safeTarget(from) ?? undefined,
      },
      {
        // every wait shown is the server's: the answer says when it accepts the next link to this
        // address, a refusal says it in Retry-After (docs/decisions/0036)
        onSuccess: ({ nextLinkInSeconds }) => {
          setSentTo(address);
          startWait(address, nextLinkInSeconds);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.retryAfterSeconds !== undefined)
            startWait(address, error.retryAfterSeconds);
        },
      },
    );
  };

  // back to the form with the address (and name) kept
  const resend = () => {
    setSentTo(null);
    request.reset();
  };

  const toggleMode = () => {
    setMode(mode === 'signin' ? 'signup' : 'signin');
    setErrors({});
    request.reset();
  };

  const fromServer: LoginFieldErrors = fieldErrors(request.error, ['name', 'email']);
  // a refusal that names no field is shown above the form
  const requestError =
    request.error && Object.keys(fromServer).length === 0
      ? errorMessage(request.error, MESSAGES.magicLinkRequestFailed, { unreachable: MESSAGES.networkAuth })
      : null;

  return {
    plan,
    mode,
    toggleMode,
    fields: { name, setName, email, setEmail, rememberMe, setRememberMe, nameRef, emailRef },
    errors: { ...fromServer, ...errors },
    requestError,
    isSending: request.isPending,
    sentTo,
    waitText,
    submit,
    resend,
  };
}

export type LoginFormState = ReturnType<typeof useLoginForm>;
