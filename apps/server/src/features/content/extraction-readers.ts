import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { ChildRequest, ReaderMessage, ReaderRequest } from './extraction-child';
import { READER_NODE_OPTIONS, readerFiles } from './extraction-loader';

/**
 * The extraction host's readers (decision 0047): processes that read files' text one after the
 * other (extraction-child.ts). The host hands a file to an idle reader, or starts one; a reader
 * that read its file well and is within its bounds waits for the next, any other is killed. A
 * reader runs under node's permission model: it may read its own code and nothing else from disk,
 * and start no process and no thread.
 */

/** How long and for how much one reader is used (READER_BOUNDS in extraction-sandbox.ts). */
export interface ReaderBounds {
  /** Files a reader reads before it is retired. */
  maxFiles: number;
  /** Time from its start after which it takes no further file. */
  maxAgeMs: number;
  /** Time without a file after which it ends. */
  idleMs: number;
  /** Resident memory after a file past which it is retired rather than kept. */
  recycleBytes: number;
}

/** How a file's reading ended: its reply, or what ended its reader. */
export interface Ending {
  /** The reader's JSON reply, when it gave one. */
  reply?: string;
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  timedOut: boolean;
  overflow: boolean;
  seconds: number;
}

/** What the host is asked for one file. */
export interface FileToRead {
  request: ChildRequest;
  bytes: Uint8Array;
  timeMs: number;
  bounds: ReaderBounds;
}

/** Its reply is JSON of at most 200,000 characters (extract-text.ts); anything longer is not a reply. */
export const MAX_REPLY_BYTES = 4 * 1024 * 1024;
const STDERR_KEPT_BYTES = 4096;

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
 * The host watches a reader's resident memory from outside, every 20 ms, and kills it past its
 * limit; where it cannot (no /proc), a reader starts a watchdog thread for its one file.
 */
const WATCH_MS = 20;
const watchesMemory = residentBytes(process.pid) !== undefined;

/**
 * A reader's node arguments: its heap limit, and the permission model with reads allowed of its
 * entry, the PDF reader's bundle and its code cache only. No write, no child process, no worker
 * thread (unless it must watch itself: no /proc), no addon, no inspector, no WASI.
 */
export function readerArgs(entry: string): string[] {
  const { bundle, cache } = readerFiles(entry);
  return [
    ...READER_NODE_OPTIONS,
    '--experimental-permission',
    '--disable-warning=ExperimentalWarning',
    ...[entry, bundle, cache].map((file) => `--allow-fs-read=${file}`),
    ...(watchesMemory ? [] : ['--allow-worker']),
    entry,
    'reader',
  ];
}

/** Starts a reader with no environment: nothing of the server's (secrets included) is within its reach. */
export function startReader(entry: string): ChildProcess {
  return spawn(process.execPath, readerArgs(entry), {
    env: {},
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    serialization: 'advanced',
  });
}

/**
 * Whether a reader can take a file: not killed, not exited. Its `exit` event may come after a file
 * has arrived; a file handed to it would end as if killed at a limit, and be marked unreadable.
 */
const alive = (child: ChildProcess) => !child.killed && child.exitCode === null && child.signalCode === null;

interface Reader {
  process: ChildProcess;
  started: number;
  files: number;
  stderr: string;
  idle?: NodeJS.Timeout;
}

/** Whether a reader may take another file: under its file count and its age. */
const withinBounds = (reader: Reader, bounds: ReaderBounds) =>
  reader.files < bounds.maxFiles && Date.now() - reader.started < bounds.maxAgeMs;

export class Readers {
  private readonly idle: Reader[] = [];
  private readonly all = new Set<Reader>();

  constructor(private readonly entry: string) {}

  /** Kills every reader, reading or idle (the server has gone). */
  killAll(): void {
    for (const reader of this.all) reader.process.kill('SIGKILL');
  }

  /** An idle reader still within its bounds, else a new one. */
  private take(bounds: ReaderBounds): Reader {
    for (let reader = this.idle.pop(); reader; reader = this.idle.pop()) {
      clearTimeout(reader.idle);
      if (!alive(reader.process)) continue;
      if (withinBounds(reader, bounds)) return reader;
      this.retire(reader);
    }
    const child = startReader(this.entry);
    const reader: Reader = { process: child, started: Date.now(), files: 0, stderr: '' };
    this.all.add(reader);
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      reader.stderr = (reader.stderr + chunk).slice(-STDERR_KEPT_BYTES);
    });
    child.once('exit', () => {
      this.all.delete(reader);
      this.retire(reader);
    });
    // its failure to start is told to the file it was started for (`read`)
    child.on('error', () => undefined);
    return reader;
  }

  private retire(reader: Reader): void {
    clearTimeout(reader.idle);
    const waiting = this.idle.indexOf(reader);
    if (waiting >= 0) this.idle.splice(waiting, 1);
    reader.process.kill('SIGKILL');
  }

  /** Kept for the next file only if it read this one well, within all its bounds. */
  private release(reader: Reader, readWell: boolean, bounds: ReaderBounds): void {
    const kept =
      readWell &&
      watchesMemory &&
      withinBounds(reader, bounds) &&
      (residentBytes(reader.process.pid!) ?? Infinity) <= bounds.recycleBytes;
    if (!kept) return this.retire(reader);
    reader.idle = setTimeout(() => this.retire(reader), bounds.idleMs);
    this.idle.push(reader);
  }

  /**
   * Reads one file in a reader within its time and memory limits; `started` is told the reader's
   * process id, `ended` how the reading ended. Returns what aborts it (kills the reader).
   */
  read(file: FileToRead, started: (pid: number) => void, ended: (ending: Ending) => void): () => void {
    const reader = this.take(file.bounds);
    const { process: child } = reader;
    const begun = Date.now();
    const limits = { timedOut: false, overflow: false };
    reader.files += 1;
    reader.stderr = '';
    const timer = setTimeout(() => {
      limits.timedOut = true;
      child.kill('SIGKILL');
    }, file.timeMs);
    const watch = watchesMemory
      ? setInterval(() => {
          if ((residentBytes(child.pid!) ?? 0) > file.request.memoryBytes) child.kill('SIGKILL');
        }, WATCH_MS)
      : undefined;
    let done = false;
    const finish = (ending: Omit<Ending, 'seconds' | 'stderr' | 'timedOut'>, readWell: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearInterval(watch);
      child.off('message', replied);
      child.off('exit', exited);
      child.off('error', failed);
      this.release(reader, readWell, file.bounds);
      ended({ ...ending, timedOut: limits.timedOut, stderr: reader.stderr, seconds: (Date.now() - begun) / 1000 });
    };
    const replied = (message: ReaderMessage) => {
      if (message.type !== 'reply') return;
      const overflow = message.reply.length > MAX_REPLY_BYTES;
      const reply = overflow ? undefined : message.reply;
      finish({ reply, overflow, code: null, signal: null }, message.ok && !overflow);
    };
    const exited = (code: number | null, signal: NodeJS.Signals | null) =>
      finish({ code, signal, overflow: false }, false);
    const failed = (error: Error) => {
      reader.stderr += `\n${error.message}`;
      finish({ code: null, signal: null, overflow: false }, false);
    };
    child.on('message', replied);
    child.once('exit', exited);
    child.once('error', failed);
    const request = { ...file.request, watchdogThread: !watchesMemory };
    const message: ReaderRequest = { type: 'read', request, bytes: file.bytes };
    // a reader that cannot be sent its file is killed: its exit ends the reading
    child.send(message, (error) => error && child.kill('SIGKILL'));
    if (child.pid !== undefined) started(child.pid);
    return () => child.kill('SIGKILL');
  }
}
