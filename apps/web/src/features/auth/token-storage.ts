/** Auth token kept under two keys: localStorage when remembered, else sessionStorage (spec 01 §3, §4). */
export const TOKEN_KEY = 'tp.auth.token';
export const REFRESH_KEY = 'tp.auth.refreshToken';

export function readStoredToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_KEY) ?? sessionStorage.getItem(TOKEN_KEY);
  } catch {
    return null;
  }
}
