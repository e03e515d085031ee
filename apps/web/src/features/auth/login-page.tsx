import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Mail } from 'lucide-react';
import { MESSAGES } from '@tp/shared';
import { ApiError } from '@/lib/api-client';
import { Spinner } from '@/ui/spinner';
import { useAuth } from './auth-provider';
import { useRequestMagicLink } from './api/request-magic-link';
import { completeSignIn, safeTarget, signInErrorMessage } from './complete-sign-in';

type Mode = 'signin' | 'signup';
interface LoginState {
  from?: string;
  error?: string;
}

const inputClass =
  'mt-1 block min-h-11 w-full rounded-md border border-border bg-bg px-3 text-fg placeholder:text-muted aria-[invalid=true]:border-loss';

type Arrival = { kind: 'token' | 'session'; value: string };
let capturedArrival: Arrival | null = null;

/**
 * Reads ?token= or ?session= and removes it from the address bar at once (before any request), so
 * it never lingers in history or gets shared. Kept until the exchange settles: React StrictMode
 * runs initialisers twice, and the second run must see the same arrival.
 */
function captureArrival(): Arrival | null {
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

export default function LoginPage() {
  const { status, signIn } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const state = (location.state ?? {}) as LoginState;
  const [arrival, setArrival] = useState(captureArrival);
  const [mode, setMode] = useState<Mode>('signin');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [rememberMe, setRememberMe] = useState(true);
  const [errors, setErrors] = useState<{ name?: string; email?: string }>({});
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestMagicLink();
  const emailRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!arrival) return;
    let active = true;
    completeSignIn(arrival.kind, arrival.value).then(
      (result) => {
        capturedArrival = null;
        if (!active) return;
        signIn(result);
        const target = safeTarget(result.redirectTo) ?? safeTarget(state.from) ?? '/dashboard';
        if (result.requiresProfileCompletion) navigate('/complete-profile', { replace: true, state: { next: target } });
        else navigate(target, { replace: true });
      },
      (error: unknown) => {
        capturedArrival = null;
        if (!active) return;
        setArrival(null);
        navigate('/login', { replace: true, state: { error: signInErrorMessage(error) } });
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
  if (status === 'authenticated') return <Navigate to="/dashboard" replace />;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const next: typeof errors = {};
    if (!email.trim()) next.email = MESSAGES.emailRequired;
    if (mode === 'signup' && !name.trim()) next.name = MESSAGES.nameRequiredForSignup;
    setErrors(next);
    if (next.name) return nameRef.current?.focus();
    if (next.email) return emailRef.current?.focus();
    request.mutate(
      {
        email: email.trim(),
        name: mode === 'signup' ? name.trim() : undefined,
        mode,
        rememberMe,
        redirectTo: safeTarget(state.from) ?? undefined,
      },
      { onSuccess: () => setSentTo(email.trim().toLowerCase()) },
    );
  };

  const requestError =
    request.error instanceof ApiError && request.error.status > 0 ? request.error.message : request.error ? MESSAGES.magicLinkRequestFailed : null;
  const pageError = requestError ?? state.error ?? null;

  if (sentTo) {
    return (
      <section className="mx-auto max-w-md px-4 py-16 text-center">
        <Mail aria-hidden="true" className="mx-auto size-10 text-accent" />
        <h1 className="mt-4 text-2xl font-semibold">Check Your Email</h1>
        <p className="mt-3 text-muted">
          We sent a sign-in link to <strong className="text-fg">{sentTo}</strong>. Open it on this device to continue. It
          works once and expires in 10 minutes.
        </p>
        <button
          type="button"
          onClick={() => {
            setSentTo(null);
            request.reset();
          }}
          className="mt-8 min-h-11 rounded-md border border-border px-4 font-medium hover:bg-surface-2"
        >
          Resend Magic Link
        </button>
      </section>
    );
  }

  const busy = request.isPending;
  return (
    <section className="mx-auto max-w-md px-4 py-12">
      <h1 className="text-center text-2xl font-semibold">{mode === 'signin' ? 'Sign in to your account' : 'Create your account'}</h1>
      <p className="mt-2 text-center text-muted">No password: we e-mail you a link that signs you in.</p>
      {pageError && (
        <p role="alert" className="mt-6 rounded-md border border-loss px-3 py-2 text-loss">
          {pageError}
        </p>
      )}
      <form noValidate onSubmit={onSubmit} className="mt-6 space-y-4 rounded-[var(--radius-card)] border border-border bg-surface p-6">
        {mode === 'signup' && (
          <div>
            <label htmlFor="login-name" className="block text-sm font-medium">
              Full Name <span aria-hidden="true" className="text-loss">*</span>
            </label>
            <input
              id="login-name"
              ref={nameRef}
              name="name"
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={Boolean(errors.name)}
              aria-describedby={errors.name ? 'login-name-error' : undefined}
              aria-required="true"
              className={inputClass}
            />
            {errors.name && (
              <p id="login-name-error" className="mt-1 text-sm text-loss">
                {errors.name}
              </p>
            )}
          </div>
        )}
        <div>
          <label htmlFor="login-email" className="block text-sm font-medium">
            Email address <span aria-hidden="true" className="text-loss">*</span>
          </label>
          <input
            id="login-email"
            ref={emailRef}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={Boolean(errors.email)}
            aria-describedby={errors.email ? 'login-email-error' : undefined}
            aria-required="true"
            className={inputClass}
          />
          {errors.email && (
            <p id="login-email-error" className="mt-1 text-sm text-loss">
              {errors.email}
            </p>
          )}
        </div>
        <label className="flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" checked={rememberMe} onChange={(e) => setRememberMe(e.target.checked)} className="size-4" />
          Remember me on this device
        </label>
        <button
          type="submit"
          disabled={busy}
          className="min-h-11 w-full rounded-md bg-accent px-4 font-semibold text-accent-fg disabled:opacity-60"
        >
          {busy ? 'Sending...' : mode === 'signin' ? 'Continue with Email' : 'Sign up'}
        </button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        {mode === 'signin' ? 'New to Trading Portal?' : 'Already have an account?'}{' '}
        <button
          type="button"
          onClick={() => {
            setMode(mode === 'signin' ? 'signup' : 'signin');
            setErrors({});
            request.reset();
          }}
          className="min-h-11 font-medium text-accent underline-offset-4 hover:underline"
        >
          {mode === 'signin' ? 'Create an account' : 'Sign in instead'}
        </button>
      </p>
    </section>
  );
}
