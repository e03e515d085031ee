import { newId } from '@/lib/new-id';
import { TIMEOUTS_MS } from '@tp/shared';
import { REFRESH_KEY } from './token-storage';

const LOCK_NAME = 'tp.auth.refresh';
const LEASE_KEY = 'tp.auth.refresh-lease';
/** Longer than a refresh can take (one retry of a 15 s request), so a crashed holder frees it. */
const LEASE_MS = 2 * TIMEOUTS_MS.auth + 2_000;

/**
 * Runs `task` while no other tab of this origin runs one: a Web Lock where the browser has them,
 * else a lease in localStorage whose release (or the rotated refresh token) other tabs see as a
 * storage event. Two tabs taking a free lease at the same instant both refresh; the server's grace
 * for the immediate parent token covers that.
 */
export function withRefreshLock<T>(task: () => Promise<T>): Promise<T> {
  if (typeof navigator !== 'undefined' && navigator.locks) return navigator.locks.request(LOCK_NAME, task);
  return withLease(task);
}

interface Lease {
  id: string;
  until: number;
}

function readLease(): Lease | null {
  try {
    const value = JSON.parse(localStorage.getItem(LEASE_KEY) ?? 'null') as Partial<Lease> | null;
    return value && typeof value.id === 'string' && typeof value.until === 'number' ? (value as Lease) : null;
  } catch {
    return null;
  }
}

async function withLease<T>(task: () => Promise<T>): Promise<T> {
  const id = newId();
  for (;;) {
    const now = Date.now();
    const lease = readLease();
    if (!lease || lease.until <= now) {
      try {
        localStorage.setItem(LEASE_KEY, JSON.stringify({ id, until: now + LEASE_MS }));
      } catch {
        return task(); // no storage: nothing to coordinate through
      }
      try {
        return await task();
      } finally {
        if (readLease()?.id === id) localStorage.removeItem(LEASE_KEY);
      }
    }
    await leaseChangeOrExpiry(lease.until - now);
  }
}

function leaseChangeOrExpiry(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('storage', onStorage);
      resolve();
    };
    const onStorage = (event: StorageEvent) => {
      if (event.key === LEASE_KEY || event.key === REFRESH_KEY || event.key === null) done();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('storage', onStorage);
  });
}
