import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { User } from '@tp/shared';
import { installAuthHooks } from '@/lib/api-client';
import { Spinner } from '@/ui/spinner';
import { getMe } from './api/get-me';
import { logout } from './api/logout';
import { refreshSession } from './api/refresh-session';
import { clearTokens, readTokens, storeTokens, TOKEN_KEY } from './token-storage';

export type AuthUser = User;

export interface SignInResult {
  token: string;
  refreshToken: string;
  user: User;
  rememberMe?: boolean;
}

export interface AuthContextValue {
  status: 'loading' | 'authenticated' | 'anonymous';
  user: User | null;
  /** Stores the session of a successful verify or exchange. */
  signIn(result: SignInResult): void;
  /** Ends the session on the server (best effort) and forgets it here. */
  signOut(options?: { everywhere?: boolean }): Promise<void>;
  /** Replaces the user after a profile change. */
  setUser(user: User): void;
}

const AuthContext = createContext<AuthContextValue | null>(null);

type State = Pick<AuthContextValue, 'status' | 'user'>;

/**
 * The session: restored from storage on start (the stored token fetches /me; on failure the
 * tokens are removed), and the app is not rendered until that first check has finished.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<State>(() =>
    readTokens().token ? { status: 'loading', user: null } : { status: 'anonymous', user: null },
  );

  const forget = useCallback(() => {
    clearTokens();
    setState({ status: 'anonymous', user: null });
  }, []);

  useEffect(() => {
    installAuthHooks({
      getAccessToken: () => readTokens().token,
      refresh: refreshSession,
      // a failed refresh ends the session; protected routes then send the user to /login
      onUnauthorized: forget,
    });
    return () => installAuthHooks(null);
  }, [forget]);

  useEffect(() => {
    if (!readTokens().token) return;
    const controller = new AbortController();
    getMe(controller.signal).then(
      ({ user }) => setState({ status: 'authenticated', user }),
      () => {
        if (!controller.signal.aborted) forget();
      },
    );
    return () => controller.abort();
  }, [forget]);

  // another tab signed out (remembered sessions share localStorage)
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === TOKEN_KEY && event.newValue === null && event.storageArea === localStorage) {
        setState({ status: 'anonymous', user: null });
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      signIn: (result) => {
        storeTokens(result, result.rememberMe ?? false);
        setState({ status: 'authenticated', user: result.user });
      },
      signOut: async (options) => {
        try {
          await logout(options?.everywhere ?? false);
        } finally {
          forget();
        }
      },
      setUser: (user) => setState({ status: 'authenticated', user }),
    }),
    [state, forget],
  );

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

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
