import { spawn, type ChildProcess } from 'node:child_process';
import { canExtractText, type ExtractedText } from './extract-text';
import type { ChildReply, ChildRequest } from './extraction-child';
import type { HostMessage, HostRequest } from './extraction-host';
import { MAX_REPLY_BYTES, type Ending, type ReaderBounds } from './extraction-readers';
import { extractionScript } from './extraction-script';
import { INFLATE_LIMITS, type InflateLimits } from './pdf-streams';

/**
 * Text extraction away from the thread that answers requests: files are read by readers, node
 * processes that read one file after the other under node's permission model (extraction-child.ts),
 * kept by the server's extraction host (extraction-host.ts, extraction-readers.ts). What a reader
 * decodes cannot freeze the server, and whatever it allocates is bounded: a time limit, a memory
 * limit (its resident memory, the buffers of inflated streams included, not just the JavaScript
 * heap), and the inflate limits it checks itself before a PDF is decoded. A reader that hit any
 * limit on a file, or could not decode it, is killed: the next file gets a fresh one.
 */

export interface ExtractionLimits extends InflateLimits {
  /** Wall-clock time before the process is killed. */
  timeMs: number;
  /** Resident memory of the process (a node process with the PDF reader loaded takes ≈ 50–100 MB). */
  memoryBytes: number;
}

const MiB = 1024 * 1024;

/** The limits each file is read within (docs/content.md, "Text extraction"). */
export const EXTRACTION_LIMITS: ExtractionLimits = {
  timeMs: 30_000,
  memoryBytes: 512 * MiB,
  ...INFLATE_LIMITS,
};

/**
 * How long and for how much one reader is used (decision 0047): most of a small PDF's CPU was a
 * reader's start, and 100 files spread it thin; 5 minutes and 100 files bound what a reader taken
 * over by one file could see of the next ones; an idle reader ends after 30 s; one past 256 MiB
 * resident after a file (half its limit) is replaced rather than kept, so that what a file leaves
 * behind never brings a later one to the memory limit.
 */
export const READER_BOUNDS: ReaderBounds = {
  maxFiles: 100,
  maxAgeMs: 5 * 60_000,
  idleMs: 30_000,
  recycleBytes: 256 * MiB,
};

/** Past its time limit, how long a file's `ended` may take to come before the host is taken for stuck. */
const HOST_GRACE_MS = 10_000;

export type UnreadableReason = 'time-limit' | 'memory-limit' | 'inflate-limit' | 'unreadable';

/** The file's own bytes stopped its extraction; reading it again would stop the same way. */
export class UnreadableFileError extends Error {
  constructor(
    readonly reason: UnreadableReason,
    /** What stopped it, without anything of the file's content. */
    readonly detail: string,
  ) {
    super(`text extraction gave up (${reason}): ${detail}`);
    this.name = 'UnreadableFileError';
  }
}

export interface SandboxOptions {
  limits?: Partial<ExtractionLimits>;
  /** How long one reader is used (tests); READER_BOUNDS otherwise. */
  readerBounds?: Partial<ReaderBounds>;
  /** Kills the file's reader and rejects (the server is stopping: the job runs again later). */
  signal?: AbortSignal;
  /** Told the process id of the reader the file was handed to (tests check that it is gone, or reused). */
  onReader?: (pid: number) => void;
}

interface Waiting {
  started(pid: number): void;
  ended(ending: Ending): void;
  failed(error: Error): void;
}

interface Host {
  process: ChildProcess;
  waiting: Map<number, Waiting>;
}

let host: Promise<Host> | undefined;
let lastId = 0;

/** Starts the host; `forget` is called once it has gone (the next request starts another). */
async function startHost(forget: () => void): Promise<Host> {
  const script = await extractionScript();
  const child = spawn(process.execPath, [script, 'host'], {
    env: {},
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    serialization: 'advanced',
    // a group of its own: Ctrl-C in the server's terminal must not kill a reader mid-file
    // (that would look like the file's doing); the host ends when the server's channel closes
    detached: true,
  });
  const started: Host = { process: child, waiting: new Map() };
  child.on('message', (message: HostMessage) => {
    const waiting = started.waiting.get(message.id);
    if (message.type === 'started') waiting?.started(message.pid);
    else waiting?.ended(message.ending);
  });
  const gone = (error: Error) => {
    forget();
    for (const waiting of started.waiting.values()) waiting.failed(error);
  };
  child.on('error', gone);
  child.on('exit', (code, signal) => {
    // the readers it left, if any: they are in its process group (it was started detached)
    try {
      if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // none left
    }
    gone(new Error(`the extraction host exited (${code ?? signal})`));
  });
  // it never keeps the server's process alive
  child.unref();
  child.channel?.unref();
  return started;
}

function theHost(): Promise<Host> {
  if (host) return host;
  const starting = startHost(() => {
    if (host === starting) host = undefined;
  });
  host = starting;
  starting.catch(() => {
    if (host === starting) host = undefined;
  });
  return starting;
}

/**
 * Starts the host now, if it is not running, and gives its process id: the server calls it at
 * boot, so that the one start that copies the server's page tables (a pause of its thread) comes
 * before it serves anyone.
 */
export async function startExtractionHost(): Promise<number | undefined> {
  return (await theHost()).process.pid;
}

/** Signals of a process that crashed on what it was decoding (not one that was asked to stop). */
const CRASHES: ReadonlySet<string> = new Set(['SIGSEGV', 'SIGBUS', 'SIGILL', 'SIGFPE']);

const aborted = () => new Error('text extraction aborted: the server is stopping');

function parseReply(stdout: string): ChildReply | undefined {
  try {
    return JSON.parse(stdout) as ChildReply;
  } catch {
    return undefined;
  }
}

/** How a file's reading ended, as the caller's answer. */
function outcome(ending: Ending, limits: ExtractionLimits): ExtractedText | null {
  if (ending.timedOut) throw new UnreadableFileError('time-limit', `still reading after ${limits.timeMs} ms`);
  if (ending.overflow) throw new Error(`text extraction answered more than ${MAX_REPLY_BYTES} bytes`);
  const reply = ending.reply === undefined ? undefined : parseReply(ending.reply);
  if (reply) {
    if (!reply.ok) throw new UnreadableFileError(reply.reason, reply.detail);
    return reply.extracted;
  }
  // killed by its memory watchdog (SIGKILL), or by V8 at its heap limit (SIGABRT)
  if (ending.signal === 'SIGKILL' || ending.signal === 'SIGABRT') {
    throw new UnreadableFileError('memory-limit', `past ${limits.memoryBytes} bytes after ${ending.seconds} s`);
  }
  if (ending.signal && CRASHES.has(ending.signal)) {
    throw new UnreadableFileError('unreadable', `the process reading it crashed (${ending.signal})`);
  }
  throw new Error(`text extraction ended (${ending.code ?? ending.signal}): ${ending.stderr.trim()}`);
}

/** Asks the host to read `bytes` and waits for how the reading ended. */
async function readInHost(message: Extract<HostRequest, { type: 'extract' }>, options: SandboxOptions) {
  const { process: child, waiting } = await theHost();
  if (options.signal?.aborted) throw aborted();
  return new Promise<Ending>((resolve, reject) => {
    // a host that has gone fails what it was asked (below): nothing to do if this cannot reach it
    const abort = () => child.send({ type: 'abort', id: message.id } satisfies HostRequest, () => undefined);
    const settle = () => {
      clearTimeout(stuck);
      waiting.delete(message.id);
      options.signal?.removeEventListener('abort', abort);
    };
    const stuck = setTimeout(() => {
      settle();
      child.kill('SIGKILL');
      reject(new Error('the extraction host did not answer'));
    }, message.timeMs + HOST_GRACE_MS);
    waiting.set(message.id, {
      started: (pid) => options.onReader?.(pid),
      ended: (ending) => {
        settle();
        if (options.signal?.aborted) reject(aborted());
        else resolve(ending);
      },
      failed: (error) => {
        settle();
        reject(error);
      },
    });
    options.signal?.addEventListener('abort', abort, { once: true });
    child.send(message, (error) => {
      if (!error) return;
      settle();
      reject(error);
    });
  });
}

/**
 * The text of a file for the search index, read by a reader within `limits`; null for
 * a type that has no text to read. Rejects with UnreadableFileError when the file's bytes hit a
 * limit or cannot be decoded, with another error when the processes could not do their work (one
 * could not start, the server is stopping), which a later attempt may not meet.
 */
export async function extractTextInSandbox(
  bytes: Buffer,
  mime: string,
  options: SandboxOptions = {},
): Promise<ExtractedText | null> {
  if (!canExtractText(mime)) return null;
  const limits = { ...EXTRACTION_LIMITS, ...options.limits };
  const request: ChildRequest = {
    mime,
    size: bytes.length,
    memoryBytes: limits.memoryBytes,
    // its own deadline, a little after the host's: it never outlives a host that died meanwhile
    deadlineMs: limits.timeMs + 5_000,
    maxStreamBytes: limits.maxStreamBytes,
    maxFileBytes: limits.maxFileBytes,
  };
  lastId += 1;
  const bounds = { ...READER_BOUNDS, ...options.readerBounds };
  const message = { type: 'extract', id: lastId, request, bytes, timeMs: limits.timeMs, bounds } as const;
  return outcome(await readInHost(message, options), limits);
}
