/**
 * The session tokens, under two keys: in localStorage when the user chose to be remembered
 * (shared by every tab, survives restarts), otherwise in sessionStorage (this tab only). See
 * docs/product/sign-in.md#sessions.
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

/**
 * This tab's tokens. A tab signed in without "remember me" keeps its own session even when another
 * tab stores a remembered one in localStorage, so sessionStorage is read first.
 */
export function readTokens(): StoredTokens {
  return safe(
    () => {
      const remembered = !sessionStorage.getItem(TOKEN_KEY) && Boolean(localStorage.getItem(TOKEN_KEY));
      const storage = remembered ? localStorage : sessionStorage;
      return { token: storage.getItem(TOKEN_KEY), refreshToken: storage.getItem(REFRESH_KEY), remembered };
    },
    { token: null, refreshToken: null, remembered: false },
  );
}

function remove(storage: Storage): void {
  storage.removeItem(TOKEN_KEY);
  storage.removeItem(REFRESH_KEY);
}

/**
 * Stores a new pair. The other storage is emptied, but the target is overwritten in place: other
 * tabs see every write as a storage event, and a removal in between would look like a sign-out.
 */
export function storeTokens(tokens: { token: string; refreshToken: string }, rememberMe: boolean): void {
  safe(() => {
    const [target, other] = rememberMe ? [localStorage, sessionStorage] : [sessionStorage, localStorage];
    remove(other);
    target.setItem(TOKEN_KEY, tokens.token);
    target.setItem(REFRESH_KEY, tokens.refreshToken);
  }, undefined);
}

export function clearTokens(): void {
  safe(() => {
    remove(localStorage);
    remove(sessionStorage);
  }, undefined);
}
