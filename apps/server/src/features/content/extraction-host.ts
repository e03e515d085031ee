import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { setPriority } from 'node:os';
import type { ChildRequest } from './extraction-child';

/**
 * The extraction host: one small process per server process, started once, that starts a process
 * of its own for each file to read (extraction-child.ts) and kills it at its limits.
 *
 * The server does not start those processes itself: starting a process copies the starting
 * process's page tables while its thread waits, and for a server of several hundred MB that held
 * the thread answering requests for 50 to 600 ms, every file. The host is small, so the copy is
 * cheap, and it is the host's thread that waits. Messages go over the IPC channel (advanced
 * serialization: the file's bytes travel as they are).
 */

/** How a file's process ended: its output, or what ended it. */
export interface Ending {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  overflow: boolean;
  seconds: number;
}

export type HostRequest =
  | { type: 'extract'; id: number; request: ChildRequest; bytes: Uint8Array; timeMs: number }
  | { type: 'abort'; id: number };

export type HostMessage = { type: 'started'; id: number; pid: number } | { type: 'ended'; id: number; ending: Ending };

/** Its reply is JSON of at most 200,000 characters (extract-text.ts); anything longer is not a reply. */
export const MAX_REPLY_BYTES = 4 * 1024 * 1024;
const STDERR_KEPT_BYTES = 4096;

/**
 * The node options of a file's process: its JavaScript heap limit. The code cache of the PDF reader
 * is made under the same options (extraction-loader.ts): V8 takes a cache only made under its flags.
 */
export const READER_NODE_OPTIONS = ['--max-old-space-size=256'];

/** A process's resident memory from /proc (Linux), undefined where there is none. */
function residentBytes(pid: number): number | undefined {
  try {
    const kB = /^VmRSS:\s*(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return kB ? Number(kB[1]) * 1024 : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The host watches each file's process's resident memory from outside, every 20 ms, and kills it
 * past its limit; where it cannot (no /proc), the process starts a watchdog thread of its own.
 */
const WATCH_MS = 20;
const watchesMemory = residentBytes(process.pid) !== undefined;

/** Starts the process for one file, feeds it the bytes and calls `ended` once it has exited. */
function startChild(message: Extract<HostRequest, { type: 'extract' }>, ended: (ending: Ending) => void): ChildProcess {
  const started = Date.now();
  const request = { ...message.request, watchdogThread: !watchesMemory };
  const args = [...READER_NODE_OPTIONS, process.argv[1]!, 'read', JSON.stringify(request)];
  // no environment: nothing of the server's (secrets included) is within reach of what it decodes
  const child = spawn(process.execPath, args, { env: {}, stdio: ['pipe', 'pipe', 'pipe'] });
  const output = { stdout: '', stderr: '', timedOut: false, overflow: false };
  const timer = setTimeout(() => {
    output.timedOut = true;
    child.kill('SIGKILL');
  }, message.timeMs);
  // killed at its memory limit: SIGKILL, as its own watchdog thread did (extraction-sandbox.ts)
  const watch = watchesMemory
    ? setInterval(() => {
        if ((residentBytes(child.pid!) ?? 0) > request.memoryBytes) child.kill('SIGKILL');
      }, WATCH_MS)
    : undefined;
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output.stdout += chunk;
    if (output.stdout.length > MAX_REPLY_BYTES) {
      output.overflow = true;
      child.kill('SIGKILL');
    }
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    output.stderr = (output.stderr + chunk).slice(-STDERR_KEPT_BYTES);
  });
  // it may stop before it has read everything (a limit): the rest of the input has nowhere to go
  child.stdin.on('error', () => undefined);
  child.stdin.end(message.bytes);
  let done = false;
  const end = (code: number | null, signal: NodeJS.Signals | null, error?: Error) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    clearInterval(watch);
    const stderr = error ? `${output.stderr}\n${error.message}` : output.stderr;
    ended({ ...output, stderr, code, signal, seconds: (Date.now() - started) / 1000 });
  };
  child.once('error', (error) => end(null, null, error));
  child.once('close', (code, signal) => end(code, signal));
  return child;
}

/** Niceness of the host and so of the files' processes: on a busy machine the server's thread goes first. */
const NICENESS = 10;

/** The host's work: extraction requests in, `started` and `ended` messages out, until the server is gone. */
export function runHost(): void {
  try {
    setPriority(NICENESS);
  } catch {
    // not allowed here (some containers): the files are read at the server's priority
  }
  const running = new Map<number, ChildProcess>();
  const send = (message: HostMessage) => process.send?.(message);
  process.on('message', (message: HostRequest) => {
    if (message.type === 'abort') {
      running.get(message.id)?.kill('SIGKILL');
      return;
    }
    const child = startChild(message, (ending) => {
      running.delete(message.id);
      send({ type: 'ended', id: message.id, ending });
    });
    running.set(message.id, child);
    if (child.pid !== undefined) send({ type: 'started', id: message.id, pid: child.pid });
  });
  // the server stopped or died: so does everything it asked for
  process.on('disconnect', () => {
    for (const child of running.values()) child.kill('SIGKILL');
    process.exit(0);
  });
}
