import { createContext, useContext, useMemo, type ReactNode } from 'react';

export interface AuthUser {
  id: string;
  email: string;
  name: string;
  profileComplete: boolean;
  contentCount?: number;
  viewCount?: number;
}

export interface AuthContextValue {
  status: 'loading' | 'authenticated' | 'anonymous';
  user: AuthUser | null;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/** Foundation version: no session restore yet, so every visitor is anonymous; the sign-in issue completes it. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const value = useMemo<AuthContextValue>(() => ({ status: 'anonymous', user: null }), []);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
