import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
}

/**
 * Who holds a lock: the process, and when it started, so a reused process id (a restarted
 * container gets the same small pids) is not mistaken for the holder.
 */
interface LockOwner {
  pid: number;
  host: string;
  /** The process's start time in clock ticks since boot (Linux), or null where unknown. */
  started: string | null;
  boot: string | null;
}

/** Lock files this process holds; a second open of the same directory here is refused too. */
const held = new Set<string>();

function readOr(file: string): string | null {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return null;
  }
}

/** Field 22 of /proc/<pid>/stat: the process's start time, which a reused pid does not share. */
function startTimeOf(pid: number): string | null {
  const stat = readOr(`/proc/${pid}/stat`);
  if (!stat) return null;
  // the command name (field 2) may contain spaces and parentheses: count from the last ')'
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19] ?? null;
}

function currentOwner(): LockOwner {
  return {
    pid: process.pid,
    host: hostname(),
    started: startTimeOf(process.pid),
    boot: readOr('/proc/sys/kernel/random/boot_id'),
  };
}

function parseOwner(text: string | null): LockOwner | null {
  try {
    const value = JSON.parse(text ?? '') as Partial<LockOwner>;
    return typeof value.pid === 'number' && typeof value.host === 'string' ? (value as LockOwner) : null;
  } catch {
    return null;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the recorded owner is still running. Another host's lock is taken as live (no way to ask). */
function ownerIsLive(owner: LockOwner | null, file: string): boolean {
  if (!owner) return false; // unreadable: a crash while writing it
  const me = currentOwner();
  if (owner.host !== me.host) return true;
  if (owner.boot && me.boot && owner.boot !== me.boot) return false; // written before a reboot
  if (owner.pid === process.pid) return held.has(file);
  if (!isAlive(owner.pid)) return false;
  const started = startTimeOf(owner.pid);
  return !(owner.started && started && owner.started !== started);
}

const lockedError = (dir: string) =>
  new DataDirLockedError(
    `The embedded database in ${dir} is already in use by another process. ` +
      'Stop the other Trading Portal process, use another DATA_DIR, or set DATABASE_URL to share PostgreSQL.',
  );

/** One attempt: true when this process now holds the lock. */
function tryAcquire(file: string): boolean {
  const content = JSON.stringify(currentOwner());
  try {
    writeFileSync(file, content, { flag: 'wx', mode: 0o600 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const seen = readOr(file);
  if (ownerIsLive(parseOwner(seen), file)) return false;
  // Take the stale lock over: move it aside (atomic; of two takers only one moves it), check that
  // what was moved is what was judged stale, then create ours as if it had never existed.
  const aside = `${file}.stale-${process.pid}`;
  try {
    renameSync(file, aside);
  } catch {
    return false;
  }
  if (readOr(aside) !== seen) {
    renameSync(aside, file); // another process took it over in between: it is theirs
    return false;
  }
  unlinkSync(aside);
  try {
    writeFileSync(file, content, { flag: 'wx', mode: 0o600 });
    return true;
  } catch {
    return false;
  }
}

/**
 * PGlite has no cross-process lock: two processes on one directory silently lose writes. Hold an
 * exclusive lock for the life of the process and refuse a second one. The lock names its process
 * (pid, start time, boot), so it needs no refreshing: a process blocked for seconds (PGlite's start
 * blocks the event loop) keeps it, and a crashed holder's lock is taken over at once.
 */
export async function acquireDataDirLock(dir: string, waitForHolder = true): Promise<() => Promise<void>> {
  const file = `${dir}.pid`;
  // a holder that is shutting down gets a few seconds to let go
  const deadline = Date.now() + (waitForHolder ? 10_000 : 0);
  for (;;) {
    if (tryAcquire(file)) break;
    if (Date.now() >= deadline) throw lockedError(dir);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  held.add(file);
  return async () => {
    held.delete(file);
    if (parseOwner(readOr(file))?.pid === process.pid) {
      try {
        unlinkSync(file);
      } catch {
        // already gone
      }
    }
  };
}
