import { startTransition, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { User } from '@tp/shared';
import { installAuthHooks } from '@/lib/api-client';
import { AuthContext, type AuthContextValue } from '@/lib/auth-context';
import { clearUserStorage } from '@/lib/user-storage';
import { Spinner } from '@/ui/spinner';
import { getMe } from './api/get-me';
import { clearTokens, readTokens, storeTokens } from './token-storage';

type State = Pick<AuthContextValue, 'status' | 'user' | 'sessionEndedMessage' | 'loggedOut'>;
const anonymous = (sessionEndedMessage: string | null = null, loggedOut = false): State => ({
  status: 'anonymous',
  user: null,
  sessionEndedMessage,
  loggedOut,
});
const signedIn = (user: User): State => ({
  status: 'authenticated',
  user,
  sessionEndedMessage: null,
  loggedOut: false,
});
// the refresh, tab following and sign-out: loaded after the first render (one chunk)
const sessionActions = () => import('./session-actions');
/**
 * How often a signed-in tab asks whether its session still stands, so a "log out everywhere" on
 * another device is noticed within a minute; also when the tab comes back into view.
 */
export const SESSION_CHECK_MS = 60_000;
const FOCUS_CHECK_MIN_GAP_MS = 5_000;

/**
 * The session: restored from storage on start (the stored token fetches /me; on failure the
 * tokens are removed), and the app is not rendered until that first check has finished. Protected
 * routes (RequireAuth) send an anonymous visitor to /login, so ending the session here is enough
 * to leave a protected page; the HTTP client itself never navigates.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>(() =>
    readTokens().token ? { ...anonymous(), status: 'loading' } : anonymous(),
  );
  // the listeners below read the latest state without re-subscribing
  const current = useRef(state);
  useEffect(() => {
    current.current = state;
  }, [state]);

  const forget = useCallback((sessionEndedMessage: string | null = null, loggedOut = false) => {
    // signing out leaves nothing of the user in this browser; a session that merely ended keeps their draft
    const userId = current.current.user?.id;
    if (loggedOut && userId) clearUserStorage(userId);
    clearTokens();
    // keeps the reason when a failed call reports the end after the refused refresh did
    setState((s) =>
      anonymous(sessionEndedMessage ?? (s.status === 'anonymous' ? s.sessionEndedMessage : null), loggedOut),
    );
  }, []);

  const refreshUser = useCallback(async () => {
    const { user } = await getMe();
    setState(signedIn(user));
    return user;
  }, []);

  useEffect(() => {
    installAuthHooks({
      getAccessToken: () => readTokens().token,
      refresh: () => sessionActions().then((m) => m.refreshSession()),
      // the server refused the refresh token: the session is over
      onUnauthorized: (error) => forget(error.message),
    });
    return () => installAuthHooks(null);
  }, [forget]);

  useEffect(() => {
    if (!readTokens().token) return;
    const controller = new AbortController();
    getMe(controller.signal).then(
      // the first render of the whole signed-in app (layout, sidebar, page) is a transition, so it
      // yields to the browser every few milliseconds instead of blocking it for a second on a phone
      ({ user }) => startTransition(() => setState(signedIn(user))),
      () => {
        if (!controller.signal.aborted) forget();
      },
    );
    return () => controller.abort();
  }, [forget]);

  useEffect(() => {
    let stop: (() => void) | undefined;
    let active = true;
    void sessionActions().then(({ startTabSync }) => {
      // another tab logged out (or out everywhere): this one says so too
      if (active) stop = startTabSync({ current, forget: () => forget(null, true), adopt: refreshUser });
    });
    return () => {
      active = false;
      stop?.();
    };
  }, [forget, refreshUser]);

  useEffect(() => {
    if (state.status !== 'authenticated') return;
    let lastCheck = Date.now();
    // a refused session ends through onUnauthorized (after the one refresh the client tries)
    const check = () => {
      lastCheck = Date.now();
      getMe().catch(() => {});
    };
    const onFocus = () => {
      if (document.visibilityState === 'visible' && Date.now() - lastCheck >= FOCUS_CHECK_MIN_GAP_MS) check();
    };
    const timer = setInterval(check, SESSION_CHECK_MS);
    window.addEventListener('focus', onFocus);
    document.addEventListener('visibilitychange', onFocus);
    return () => {
      clearInterval(timer);
      window.removeEventListener('focus', onFocus);
      document.removeEventListener('visibilitychange', onFocus);
    };
  }, [state.status]);

  // a new value only when the state changes: nothing above the provider re-renders it otherwise
  const value: AuthContextValue = {
    ...state,
    signIn: (result) => {
      storeTokens(result, result.rememberMe ?? false);
      setState(signedIn(result.user));
    },
    signOut: ({ everywhere = false } = {}) =>
      sessionActions().then((m) => m.signOut(everywhere, current.current.user?.id ?? null, () => forget(null, true))),
    refreshUser,
    setUser: (user) => setState(signedIn(user)),
  };

  return (
    <AuthContext.Provider value={value}>
      {state.status === 'loading' ? (
        <div className="flex min-h-screen items-center justify-center bg-bg">
          <Spinner label="Restoring your session" />
        </div>
      ) : (
        children
      )}
    </AuthContext.Provider>
  );
}
