import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { Worker } from 'node:worker_threads';
import type { ExtractedText, ExtractOptions } from './extract-text';
import type { InflateLimitError } from './pdf-streams';

/**
 * A reader: the process that reads files' text one after the other (started by the extraction
 * host, extraction-readers.ts, under node's permission model). Each file comes as a message on its
 * IPC channel, the request and the file's bytes; it answers with one JSON reply and waits for the
 * next, until the host retires it or goes (decision 0047).
 */

export interface ChildRequest {
  mime: string;
  /** The file's size: all it reads of the bytes. */
  size: number;
  /** Resident memory past which it is killed. */
  memoryBytes: number;
  /** Wall-clock time past which it kills itself (after the host's own limit). */
  deadlineMs: number;
  maxStreamBytes: number;
  maxFileBytes: number;
  /**
   * Whether it watches its own memory with a thread: only where the host cannot watch it from
   * outside (no /proc); such a reader serves one file. A thread costs ≈ 0.1 s of CPU to start.
   */
  watchdogThread?: boolean;
}

export type ChildReply =
  { ok: true; extracted: ExtractedText | null } | { ok: false; reason: 'inflate-limit' | 'unreadable'; detail: string };

/**
 * What the host sends a reader: a file to read, or (tests only: the host never sends it, and only
 * the host holds the channel) a probe that tries what node's permission model must refuse it.
 */
export type ReaderRequest =
  { type: 'read'; request: ChildRequest; bytes: Uint8Array } | { type: 'probe'; file: string };

/** What a reader answers: a file's reply (JSON of a ChildReply), or the error codes of a probe. */
export type ReaderMessage =
  { type: 'reply'; ok: boolean; reply: string } | { type: 'probed'; readFile: string; spawn: string };

/** How a reader reads one file's bytes: pdf.js is loaded from its bundle only for a PDF (extraction-loader.ts). */
export type Extract = (source: Readable, mime: string, options: ExtractOptions) => Promise<ExtractedText | null>;

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

/** By its name: a PDF's error comes from the PDF reader's bundle, which has its own copy of the class. */
const isInflateLimit = (error: unknown): error is InflateLimitError =>
  error instanceof Error && error.name === 'InflateLimitError';

function failure(error: unknown): ChildReply {
  if (isInflateLimit(error)) return { ok: false, reason: 'inflate-limit', detail: error.message };
  // the kind of error only (InvalidPDFException, FormatError…): its message may quote the file
  const kind = error instanceof Error ? error.name : typeof error;
  return { ok: false, reason: 'unreadable', detail: `the file could not be decoded (${kind})` };
}

const errorCode = (run: () => unknown) => {
  try {
    run();
    return 'allowed';
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? String(error);
  }
};

/** What a reader that runs someone else's code could try: read a file from disk, start a process. */
function probe(file: string): ReaderMessage {
  return {
    type: 'probed',
    readFile: errorCode(() => readFileSync(file)),
    spawn: errorCode(() => spawnSync('true')),
  };
}

/** The role of a reader: reads each file it is sent and answers, until its channel closes. */
export function runReader(extract: Extract): void {
  const send = (message: ReaderMessage) => process.send?.(message);
  let deadline: NodeJS.Timeout | undefined;
  let reading = false;
  const reply = (answer: ChildReply) => {
    if (!reading) return;
    reading = false;
    clearTimeout(deadline);
    send({ type: 'reply', ok: answer.ok, reply: JSON.stringify(answer) });
  };
  // whatever the decoder throws later, outside the awaited chain, is the file's doing too; between
  // files it is a previous file's, and the reader ends
  const thrown = (error: unknown) => (reading ? reply(failure(error)) : process.exit(1));
  process.on('uncaughtException', thrown);
  process.on('unhandledRejection', thrown);
  // the host retired it or has gone; one whose thread is held is killed with the host's process group
  process.on('disconnect', () => process.exit(0));
  process.on('message', (message: ReaderRequest) => {
    if (message.type === 'probe') return send(probe(message.file));
    const { request, bytes } = message;
    reading = true;
    if (request.watchdogThread) startWatchdog(request.memoryBytes, request.deadlineMs);
    else deadline = setTimeout(() => process.kill(process.pid, 'SIGKILL'), request.deadlineMs);
    const source = Readable.from([Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)]);
    const options = {
      maxInputBytes: request.size,
      maxStreamBytes: request.maxStreamBytes,
      maxFileBytes: request.maxFileBytes,
    };
    extract(source, request.mime, options).then(
      (extracted) => reply({ ok: true, extracted }),
      (error: unknown) => reply(failure(error)),
    );
  });
}
