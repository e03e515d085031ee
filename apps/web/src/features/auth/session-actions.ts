import { logout } from './api/logout';
import { announce } from './tab-sync';
import { readTokens } from './token-storage';

/**
 * The session machinery the shell needs only after its first render: the refresh (first 401),
 * tab sync (following the other tabs), and signing out. One lazy chunk, so the entry carries one
 * import of it.
 */
export { refreshSession } from './api/refresh-session';
export { startTabSync } from './tab-sync-listener';

/**
 * Ends the session on the server, then here (`forget`), and tells the other tabs. Resolves false
 * when the server could not be told: this device is still signed out, except for "everywhere",
 * where the session is kept because the other devices are still signed in.
 */
export async function signOut(everywhere: boolean, userId: string | null, forget: () => void): Promise<boolean> {
  const { refreshToken } = readTokens();
  let told = true;
  try {
    await logout(everywhere);
  } catch {
    if (everywhere) return false;
    told = false;
  }
  forget();
  announce({ type: 'signed-out', refreshToken, userId, everywhere });
  return told;
}
