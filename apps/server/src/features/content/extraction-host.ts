import { setPriority } from 'node:os';
import { Readers, type Ending, type FileToRead } from './extraction-readers';

/**
 * The extraction host: one small process per server process, started once, that keeps the readers
 * (extraction-readers.ts), processes of its own that read files' text one after the other, and
 * kills them at their limits.
 *
 * The server does not start those processes itself: starting a process copies the starting
 * process's page tables while its thread waits, and for a server of several hundred MB that held
 * the thread answering requests for 50 to 600 ms. The host is small, so the copy is cheap, and it
 * is the host's thread that waits. Messages go over the IPC channel (advanced serialization: the
 * file's bytes travel as they are).
 */

export type HostRequest = ({ type: 'extract'; id: number } & FileToRead) | { type: 'abort'; id: number };

export type HostMessage = { type: 'started'; id: number; pid: number } | { type: 'ended'; id: number; ending: Ending };

/** Niceness of the host and so of its readers: on a busy machine the server's thread goes first. */
const NICENESS = 10;

/** The host's work: extraction requests in, `started` and `ended` messages out, until the server is gone. */
export function runHost(): void {
  try {
    setPriority(NICENESS);
  } catch {
    // not allowed here (some containers): the files are read at the server's priority
  }
  const readers = new Readers(process.argv[1]!);
  const aborts = new Map<number, () => void>();
  const send = (message: HostMessage) => process.send?.(message);
  process.on('message', (message: HostRequest) => {
    if (message.type === 'abort') {
      aborts.get(message.id)?.();
      return;
    }
    const abort = readers.read(
      message,
      (pid) => send({ type: 'started', id: message.id, pid }),
      (ending) => {
        aborts.delete(message.id);
        send({ type: 'ended', id: message.id, ending });
      },
    );
    aborts.set(message.id, abort);
  });
  // the server stopped or died: so does everything it asked for
  process.on('disconnect', () => {
    readers.killAll();
    process.exit(0);
  });
}
