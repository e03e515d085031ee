import { fieldErrors } from '@/lib/form-errors';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Mail } from 'lucide-react';
import { EMAIL_MAX_LENGTH, MESSAGES, PRICING_TIERS, PROFILE_LIMITS } from '@tp/shared';
import { ApiError, errorMessage } from '@/lib/api-client';
import { Alert } from '@/ui/alert';
import { Button } from '@/ui/button';
import { Checkbox } from '@/ui/checkbox';
import { FormField } from '@/ui/form-field';
import { Input } from '@/ui/input';
import { Spinner } from '@/ui/spinner';
import { useHydrated, useTypedBeforeStart } from '@/lib/client-only';
import { useAuth } from '@/lib/auth-context';
import { useRequestMagicLink } from './api/request-magic-link';
import { completeSignIn, safeTarget } from './complete-sign-in';
import { describeWait, useSecondsUntil, type NextLinkAt } from './next-link-wait';
import { paths } from '@/lib/paths';
import { Card } from '@/ui/card';

type Mode = 'signin' | 'signup';
type FieldErrors = { name?: string; email?: string };
interface LoginState {
  from?: string;
  error?: string;
  /** Arrived here by logging out. */
  loggedOut?: boolean;
}

type Arrival = { kind: 'token' | 'session'; value: string };
let capturedArrival: Arrival | null = null;

/**
 * Reads ?token= or ?session= and removes it from the address bar at once (before any request), so
 * it never lingers in history or gets shared. Kept until the exchange settles: React StrictMode
 * runs initialisers twice, and the second run must see the same arrival.
 */
function captureArrival(): Arrival | null {
  // prerendering (scripts/prerender.mjs): a first visit arrives with no link
  if (typeof window === 'undefined') return null;
  const params = new URLSearchParams(window.location.search);
  const token = params.get('token');
  const session = params.get('session');
  if (token || session) {
    params.delete('token');
    params.delete('session');
    const rest = params.toString();
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest ? `?${rest}` : ''}`);
    capturedArrival = token ? { kind: 'token', value: token } : { kind: 'session', value: session! };
  }
  return capturedArrival;
}

/**
 * In-page validation with the spec's texts (the form is noValidate). The address format is the
 * server's to judge: a 400 names the field, and its message is shown under it.
 */
function validate(mode: Mode, name: string, email: string): FieldErrors {
  const errors: FieldErrors = {};
  if (mode === 'signup' && !name.trim()) errors.name = MESSAGES.nameRequiredForSignup;
  if (!email.trim()) errors.email = MESSAGES.emailRequired;
  return errors;
}

export default function LoginPage() {
  const { status, signIn } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as LoginState;
  const [arrival, setArrival] = useState(captureArrival);
  // the landing page's calls to action open sign-up (?mode=signup), with the plan chosen (?plan=team)
  const [searchParams] = useSearchParams();
  const plan = PRICING_TIERS.find((tier) => tier.id === searchParams.get('plan')) ?? null;
  const [mode, setMode] = useState<Mode>(() => (searchParams.get('mode') === 'signup' || plan ? 'signup' : 'signin'));
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [nextLinkAt, setNextLinkAt] = useState<NextLinkAt | null>(null);
  const address = email.trim().toLowerCase();
  const waitUntil = nextLinkAt && nextLinkAt.address === (sentTo ?? address) ? nextLinkAt.at : null;
  const waitSeconds = useSecondsUntil(waitUntil);
  // the message brought in navigation state stays until the user tries again
  const [stateErrorDismissed, setStateErrorDismissed] = useState(false);
  const request = useRequestMagicLink();
  // the prerendered page can be filled in at once; it sends once the app runs
  const hydrated = useHydrated();
  const emailRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const sentHeadingRef = useRef<HTMLHeadingElement>(null);
  const wasSent = useRef(false);
  // the prerendered page: what was typed before the app ran stays, and is what gets sent
  useTypedBeforeStart(emailRef, email, setEmail);
  useTypedBeforeStart(nameRef, name, setName);

  // the button that was pressed goes away: focus the new heading, and the e-mail field on the way back
  useEffect(() => {
    if (sentTo) sentHeadingRef.current?.focus();
    else if (wasSent.current) emailRef.current?.focus();
    wasSent.current = sentTo !== null;
  }, [sentTo]);

  useEffect(() => {
    if (!arrival) return;
    let active = true;
    completeSignIn(arrival.kind, arrival.value).then(
      (result) => {
        capturedArrival = null;
        if (!active) return;
        signIn(result);
        const target = safeTarget(result.redirectTo) ?? safeTarget(state.from) ?? paths.dashboard;
        if (result.requiresProfileCompletion)
          navigate(paths.completeProfile, { replace: true, state: { next: target } });
        else navigate(target, { replace: true });
      },
      (error: unknown) => {
        capturedArrival = null;
        if (!active) return;
        setArrival(null);
        setStateErrorDismissed(false);
        navigate(paths.login, {
          replace: true,
          state: {
            error: errorMessage(error, MESSAGES.magicLinkCompletionFailed, { unreachable: MESSAGES.networkAuth }),
          },
        });
      },
    );
    return () => {
      active = false;
    };
    // the arrival is read once per page load
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arrival]);

  if (arrival) {
    return (
      <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3">
        <Spinner label="Signing you in" />
        <p className="text-muted">Signing you in…</p>
      </div>
    );
  }
  if (status === 'authenticated') return <Navigate to={paths.dashboard} replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setStateErrorDismissed(true);
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
        redirectTo: safeTarget(state.from) ?? undefined,
      },
      {
        // every wait shown is the server's: the answer says when it accepts the next link to this
        // address, a refusal says it in Retry-After (docs/decisions/0036)
        onSuccess: ({ nextLinkInSeconds }) => {
          setSentTo(address);
          setNextLinkAt({ address, at: Date.now() + nextLinkInSeconds * 1000 });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.retryAfterSeconds !== undefined)
            setNextLinkAt({ address, at: Date.now() + error.retryAfterSeconds * 1000 });
        },
      },
    );
  };

  const fromServer: FieldErrors = fieldErrors(request.error, ['name', 'email']);
  const shownErrors = { ...fromServer, ...errors };
  // what navigation state brings (a refused link, a logout) survives a reload, but the prerendered
  // page cannot know it: shown from the first render after hydration, so the two renders agree
  const pageError =
    request.error && Object.keys(fromServer).length === 0
      ? errorMessage(request.error, MESSAGES.magicLinkRequestFailed, { unreachable: MESSAGES.networkAuth })
      : stateErrorDismissed || !hydrated
        ? null
        : (state.error ?? null);
  const loggedOutNotice = hydrated && state.loggedOut && !stateErrorDismissed && !pageError;
  const waitText =
    waitUntil !== null && waitSeconds > 0
      ? `You can ask for the next link ${describeWait(waitSeconds, waitUntil)}.`
      : null;

  if (sentTo) {
    return (
      <section className="mx-auto max-w-md px-4 py-16 text-center">
        <Mail aria-hidden="true" className="mx-auto size-10 text-accent" />
        <h1 ref={sentHeadingRef} tabIndex={-1} className="mt-4 text-2xl font-semibold focus:outline-none">
          Check Your Email
        </h1>
        <p className="mt-3 text-muted">
          We sent a sign-in link to <strong className="break-all text-fg">{sentTo}</strong>. Open it to continue. It
          works once and expires in 10 minutes.
        </p>
        <Button
          variant="outline"
          className="mt-8"
          onClick={() => {
            // back to the form with the address (and name) kept
            setSentTo(null);
            request.reset();
          }}
        >
          Resend Magic Link
        </Button>
        {waitText && <p className="tabular mt-3 text-sm text-muted">{waitText}</p>}
      </section>
    );
  }

  const toggleMode = () => {
    setMode(mode === 'signin' ? 'signup' : 'signin');
    setErrors({});
    request.reset();
  };

  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center text-2xl font-semibold">
        {mode === 'signin' ? 'Sign in to your account' : 'Create your account'}
      </h1>
      <p className="mt-2 text-center text-muted">No password: we e-mail you a link that signs you in.</p>
      {plan && (
        <p className="mt-4 rounded-md border border-accent px-4 py-3 text-center text-sm">
          Chosen plan: <strong>{plan.name}</strong>. It is saved with your account.
        </p>
      )}
      {loggedOutNotice && (
        <Alert variant="success" className="mt-6">
          {MESSAGES.loggedOut}
        </Alert>
      )}
      {pageError && (
        <Alert variant="error" className="mt-6">
          {pageError}
        </Alert>
      )}
      <Card as="form" elevation="flat" noValidate onSubmit={onSubmit} className="mt-6 space-y-4 p-6">
        {mode === 'signup' && (
          <FormField name="name" label="Full Name" error={shownErrors.name} isRequired>
            <Input
              ref={nameRef}
              autoComplete="name"
              maxLength={PROFILE_LIMITS.nameMax}
              value={name}
              onChange={(e) => setName(e.target.value)}
            />
          </FormField>
        )}
        <FormField name="email" label="Email address" error={shownErrors.email} isRequired>
          <Input
            ref={emailRef}
            type="email"
            autoComplete="email"
            inputMode="email"
            maxLength={EMAIL_MAX_LENGTH}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </FormField>
        <Checkbox label="Remember me" checked={rememberMe} onCheckedChange={setRememberMe} />
        <Button
          type="submit"
          className="w-full"
          loading={request.isPending}
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
      <p className="mt-6 text-center text-sm text-muted">
        {mode === 'signin' ? 'New to Trading Portal?' : 'Already have an account?'}{' '}
        <button
          type="button"
          onClick={toggleMode}
          // prerendered: a click before the app runs would do nothing, so it waits like the submit button
          disabled={!hydrated}
          className="inline-flex min-h-11 items-center rounded-md px-2 font-medium text-accent underline-offset-4 hover:underline disabled:cursor-wait"
        >
          {mode === 'signin' ? 'Create an account' : 'Sign in instead'}
        </button>
      </p>
    </section>
  );
}
