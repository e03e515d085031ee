import { Worker } from 'node:worker_threads';
import { extractText, type ExtractedText } from './extract-text';
import { InflateLimitError } from './pdf-streams';

/**
 * The process that reads one file's text (started by extraction-host.ts for each file): its
 * request is its last argument, the file's bytes its standard input, and its one reply JSON on
 * standard output.
 */

export interface ChildRequest {
  mime: string;
  /** The file's size: all it reads from its standard input. */
  size: number;
  /** Resident memory past which it kills itself. */
  memoryBytes: number;
  /** Wall-clock time past which it kills itself. */
  deadlineMs: number;
  maxStreamBytes: number;
  maxFileBytes: number;
  /**
   * Whether it watches its own memory with a thread: only where the host cannot watch it from
   * outside (no /proc). A thread costs each file ≈ 0.1 s of CPU to start.
   */
  watchdogThread?: boolean;
}

export type ChildReply =
  { ok: true; extracted: ExtractedText | null } | { ok: false; reason: 'inflate-limit' | 'unreadable'; detail: string };

/**
 * A watchdog thread: a decoder can run synchronously for seconds and allocate outside the
 * JavaScript heap (an inflated stream is one large byte array), which neither this thread's event
 * loop nor --max-old-space-size would stop. The watchdog's own thread looks at the process's
 * resident memory and the clock, and kills the whole process past either.
 */
function startWatchdog(memoryBytes: number, deadlineMs: number): void {
  const code = `
    const { memoryBytes, deadline } = require('node:worker_threads').workerData;
    setInterval(() => {
      if (process.memoryUsage.rss() > memoryBytes || Date.now() > deadline) process.kill(process.pid, 'SIGKILL');
    }, 20);
  `;
  new Worker(code, { eval: true, workerData: { memoryBytes, deadline: Date.now() + deadlineMs } }).unref();
}

function failure(error: unknown): ChildReply {
  if (error instanceof InflateLimitError) return { ok: false, reason: 'inflate-limit', detail: error.message };
  // the kind of error only (InvalidPDFException, FormatError…): its message may quote the file
  const kind = error instanceof Error ? error.name : typeof error;
  return { ok: false, reason: 'unreadable', detail: `the file could not be decoded (${kind})` };
}

function reply(message: ChildReply): void {
  process.stdout.write(JSON.stringify(message), () => process.exit(0));
}

/** Reads the file on standard input and writes its reply: the role of a process started for one file. */
export function runExtraction(request: ChildRequest): void {
  if (request.watchdogThread) startWatchdog(request.memoryBytes, request.deadlineMs);
  // should the host be gone, a process whose thread is free still ends at its deadline; one whose
  // thread is held is killed with the host's process group (extraction-sandbox.ts)
  else setTimeout(() => process.kill(process.pid, 'SIGKILL'), request.deadlineMs).unref();
  // whatever the decoder throws later, outside the awaited chain, is the file's doing too
  process.on('uncaughtException', (error) => reply(failure(error)));
  process.on('unhandledRejection', (error) => reply(failure(error)));
  extractText(process.stdin, request.mime, {
    maxInputBytes: request.size,
    maxStreamBytes: request.maxStreamBytes,
    maxFileBytes: request.maxFileBytes,
  }).then(
    (extracted) => reply({ ok: true, extracted }),
    (error: unknown) => reply(failure(error)),
  );
}
