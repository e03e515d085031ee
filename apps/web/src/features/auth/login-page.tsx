import { useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { MESSAGES } from '@tp/shared';
import { Alert } from '@/ui/alert';
import { Spinner } from '@/ui/spinner';
import { useHydrated } from '@/lib/client-only';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';
import { useArrivalSignIn } from './login-arrival';
import { LoginForm } from './login-form';
import { MagicLinkSent } from './magic-link-sent';
import { useLoginForm } from './use-login-form';

interface LoginState {
  from?: string;
  error?: string;
  /** Arrived here by logging out. */
  loggedOut?: boolean;
}

export default function LoginPage() {
  const { status } = useAuth();
  const location = useLocation();
  const state = (location.state ?? {}) as LoginState;
  // the message brought in navigation state stays until the user tries again
  const [stateErrorDismissed, setStateErrorDismissed] = useState(false);
  const signingIn = useArrivalSignIn(state.from, () => setStateErrorDismissed(false));
  const form = useLoginForm({ from: state.from, onAttempt: () => setStateErrorDismissed(true) });
  // the prerendered page can be filled in at once; it sends once the app runs
  const hydrated = useHydrated();

  if (signingIn) {
    return (
      <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3">
        <Spinner label="Signing you in" />
        <p className="text-muted">Signing you in…</p>
      </div>
    );
  }
  if (status === 'authenticated') return <Navigate to={paths.dashboard} replace />;

  // what navigation state brings (a refused link, a logout) survives a reload, but the prerendered
  // page cannot know it: shown from the first render after hydration, so the two renders agree
  const pageError = form.requestError ?? (stateErrorDismissed || !hydrated ? null : (state.error ?? null));
  const loggedOutNotice = hydrated && state.loggedOut && !stateErrorDismissed && !pageError;

  if (form.sentTo) return <MagicLinkSent sentTo={form.sentTo} waitText={form.waitText} onResend={form.resend} />;

  const { mode, plan } = form;
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
      <LoginForm form={form} hydrated={hydrated} />
      <p className="mt-6 text-center text-sm text-muted">
        {mode === 'signin' ? 'New to Trading Portal?' : 'Already have an account?'}{' '}
        <button
          type="button"
          onClick={form.toggleMode}
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
