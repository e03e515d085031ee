import { onTabMessage } from './tab-sync';
import { keepRotatedTokens } from './api/refresh-session';
import { readTokens, TOKEN_KEY } from './token-storage';

export interface TabSyncTarget {
  /** This tab's state, as the auth provider last rendered it. */
  current: { readonly current: { status: string; user: { id: string } | null } };
  /** Forget this tab's session: its tokens were removed or signed out by another tab. */
  forget(): void;
  /** Another tab stored a remembered session: load its user. */
  adopt(): Promise<unknown>;
}

/**
 * Tab sync: follows the other tabs of this origin. Remembered tokens are shared through localStorage, so
 * their changes arrive as storage events; a duplicated tab's copied sessionStorage shares a refresh
 * token but not its storage, so rotations and sign-outs arrive on the broadcast channel. Loaded
 * after the first render, to keep the shell small. Returns the function that stops following.
 */
export function startTabSync(tab: TabSyncTarget): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.storageArea !== localStorage || (event.key !== TOKEN_KEY && event.key !== null)) return;
    const anonymous = tab.current.current.status === 'anonymous';
    if (!readTokens().token) {
      if (!anonymous) tab.forget();
    } else if (anonymous) {
      tab.adopt().catch(() => {});
    }
  };
  window.addEventListener('storage', onStorage);
  const stopListening = onTabMessage((message) => {
    const mine = readTokens();
    if (message.type === 'rotated') {
      if (!mine.remembered && mine.refreshToken === message.from) keepRotatedTokens(message);
      return;
    }
    const sameSession = message.refreshToken !== null && mine.refreshToken === message.refreshToken;
    const sameUser = message.everywhere && message.userId !== null && tab.current.current.user?.id === message.userId;
    if (sameSession || sameUser) tab.forget();
  });
  return () => {
    window.removeEventListener('storage', onStorage);
    stopListening();
  };
}
