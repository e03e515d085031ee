import { createContext, useContext } from 'react';
import type { User } from '@tp/shared';

/**
 * The session as every screen reads it (useAuth). The auth feature's AuthProvider fills it; the
 * rest of the app reads it here, so lazily loaded screens never import the auth feature, whose
 * index belongs to the app shell (docs/decisions/0015).
 */
/** What a verify (magic link) or a session exchange answers. */
export interface SignInResult {
  token: string;
  refreshToken: string;
  user: User;
  rememberMe?: boolean;
}

export interface AuthContextValue {
  status: 'loading' | 'authenticated' | 'anonymous';
  user: User | null;
  /** Why the session ended without the user asking (the server refused to refresh it): its 401 text. */
  sessionEndedMessage: string | null;
  /** The session ended because the user logged out (here, in another tab, or everywhere). */
  loggedOut: boolean;
  /** Stores the session of a successful verify or exchange (remembered: localStorage, else sessionStorage). */
  signIn(result: SignInResult): void;
  /**
   * Ends the session on the server and forgets it here. Resolves false when the server could not be
   * told: a plain sign-out still forgets the session on this device; "everywhere" keeps it, since the
   * other devices are still signed in.
   */
  signOut(options?: { everywhere?: boolean }): Promise<boolean>;
  /** Reloads the user from GET /api/auth/me (e.g. after counts changed). */
  refreshUser(): Promise<User>;
  /** Replaces the user with one the server just answered (e.g. after a profile update). */
  setUser(user: User): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
