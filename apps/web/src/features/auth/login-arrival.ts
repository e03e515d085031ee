import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { MESSAGES } from '@tp/shared';
import { errorMessage } from '@/lib/api-client';
import { useAuth } from '@/lib/auth-context';
import { paths } from '@/lib/paths';
import { completeSignIn, safeTarget } from './complete-sign-in';

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
 * Signs in with the link the page was opened by, if any, and goes on to where the user was headed;
 * a refused link comes back to the login page with its message. True while the exchange runs.
 */
export function useArrivalSignIn(from: string | undefined, onRefused: () => void): boolean {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const [arrival, setArrival] = useState(captureArrival);

  useEffect(() => {
    if (!arrival) return;
    let active = true;
    completeSignIn(arrival.kind, arrival.value).then(
      (result) => {
        capturedArrival = null;
        if (!active) return;
        signIn(result);
        const target = safeTarget(result.redirectTo) ?? safeTarget(from) ?? paths.dashboard;
        if (result.requiresProfileCompletion)
          navigate(paths.completeProfile, { replace: true, state: { next: target } });
        else navigate(target, { replace: true });
      },
      (error: unknown) => {
        capturedArrival = null;
        if (!active) return;
        setArrival(null);
        onRefused();
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

  return arrival !== null;
}
