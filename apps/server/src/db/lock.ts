import lockfile from 'proper-lockfile';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/**
 * PGlite has no cross-process lock: two processes on one directory silently lose writes.
 * Hold an exclusive lock for the life of the process and refuse a second one.
 */
export async function acquireDataDirLock(dir: string, waitForStale = true): Promise<() => Promise<void>> {
  try {
    // stale: a crashed holder stops refreshing the lock; after 10 s it may be taken over.
    return await lockfile.lock(dir, {
      stale: 10_000,
      update: 2_000,
      // a crashed holder's lock turns stale after 10 s, so a quick restart waits for it
      retries: waitForStale ? { retries: 7, minTimeout: 500, maxTimeout: 2_000 } : 0,
      realpath: false,
      lockfilePath: `${dir}.lock`,
      onCompromised: (error) => {
        throw new DataDirLockedError(`Lost the lock on the embedded database directory ${dir}: ${error.message}`);
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
      throw new DataDirLockedError(
        `The embedded database in ${dir} is already in use by another process. ` +
          'Stop the other Trading Portal process, use another DATA_DIR, or set DATABASE_URL to share PostgreSQL.',
      );
    }
    throw error;
  }
}
