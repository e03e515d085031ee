/**
 * What this browser keeps for one signed-in user (a campaign draft, the streak cache): stored under
 * a key of that user, so a second account on the same browser never reads it, and removed when the
 * user signs out, so a shared computer keeps nothing of theirs.
 */
const PREFIX = 'tp.user.';

export const userStorageKey = (userId: string, name: string) => `${PREFIX}${userId}.${name}`;

/** Removes everything kept for this user; a storage the browser refuses holds nothing to remove. */
export function clearUserStorage(userId: string): void {
  const prefix = `${PREFIX}${userId}.`;
  try {
    const keys = Array.from({ length: localStorage.length }, (_, index) => localStorage.key(index));
    for (const key of keys) if (key?.startsWith(prefix)) localStorage.removeItem(key);
  } catch {
    // storage blocked: nothing was kept
  }
  for (const listener of listeners) listener(userId);
}

const listeners = new Set<(userId: string) => void>();

/** For copies held in memory (a draft the browser refused to store): dropped with the stored ones. */
export function onUserStorageCleared(listener: (userId: string) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
