/**
 * The session tokens, under two keys: in localStorage when the user chose to be remembered
 * (shared by every tab, survives restarts), otherwise in sessionStorage (this tab only). Spec 01 §3/§4.
 */
export const TOKEN_KEY = 'tp.auth.token';
export const REFRESH_KEY = 'tp.auth.refreshToken';

export interface StoredTokens {
  token: string | null;
  refreshToken: string | null;
  remembered: boolean;
}

function safe<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback; // storage disabled (privacy mode, blocked cookies)
  }
}

export function readTokens(): StoredTokens {
  return safe(
    () => {
      const local = localStorage.getItem(TOKEN_KEY);
      if (local) return { token: local, refreshToken: localStorage.getItem(REFRESH_KEY), remembered: true };
      return { token: sessionStorage.getItem(TOKEN_KEY), refreshToken: sessionStorage.getItem(REFRESH_KEY), remembered: false };
    },
    { token: null, refreshToken: null, remembered: false },
  );
}

export function readStoredToken(): string | null {
  return readTokens().token;
}

export function storeTokens(tokens: { token: string; refreshToken: string }, rememberMe: boolean): void {
  safe(() => {
    clearTokens();
    const storage = rememberMe ? localStorage : sessionStorage;
    storage.setItem(TOKEN_KEY, tokens.token);
    storage.setItem(REFRESH_KEY, tokens.refreshToken);
  }, undefined);
}

/** Replaces the tokens where they already live (after a refresh). */
export function updateTokens(tokens: { token: string; refreshToken: string }): void {
  storeTokens(tokens, readTokens().remembered);
}

export function clearTokens(): void {
  safe(() => {
    for (const storage of [localStorage, sessionStorage]) {
      storage.removeItem(TOKEN_KEY);
      storage.removeItem(REFRESH_KEY);
    }
  }, undefined);
}
