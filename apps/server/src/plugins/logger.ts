import cluster from 'node:cluster';
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino from 'pino';
import type { AppConfig } from '../config';
import { serializeError } from './log-safety';
import { inWholeMicroseconds, RequestSummaries } from './request-summaries';

/** Query parameters that carry secrets (magic-link and hand-off tokens) never reach the log. */
const SECRET_QUERY = /([?&](?:token|session|sessionToken|refreshToken)=)[^&#]*/gi;
/** Nor do e-mail addresses in a query (the mailbox's `to`, a search), raw or percent-encoded. */
const EMAIL_IN_URL = /[^\s/?&=#]+(?:@|%40)[^\s/?&=#]+/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]').replace(EMAIL_IN_URL, '[email]');
}

/** What a log line says about a request: its id, method, redacted URL and address (never its headers). */
function requestFields(req: { method: string; url: string; id: string; ip?: string }) {
  return { id: req.id, method: req.method, url: redactUrl(req.url), ip: req.ip };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Its fast, successful, anonymous reads are counted per minute rather than written a line each. */
    accessLog?: 'summary';
    /** The route a summary names when several routes are counted as one (the hashed assets: `/assets/*`). */
    accessLogRoute?: string;
  }
}

/**
 * A route's config for `AccessLog`'s summaries: for public reads asked often (configuration, health, assets).
 * Kept for the framework figure: with a line each, `/api/config` fell from 0.74 to 0.45 of a bare Fastify (decision 0044).
 */
export const SUMMARIZED_ACCESS_LOG = { accessLog: 'summary' } as const;

/** Longer than this, a read gets its own line even on a summarized route. */
export const SLOW_REQUEST_MS = 500;

/**
 * Fastify's request log without its "incoming request" line: one `request completed` (or
 * `request errored`) line per request, when it is answered, with its id, method, redacted URL,
 * address, status and time. On a route marked `SUMMARIZED_ACCESS_LOG`, a GET or HEAD answered
 * below 400 within `SLOW_REQUEST_MS` and carrying no credentials is counted in a per-route summary
 * instead (decision 0032), unless `everyRequest`.
 */
export class AccessLog extends LogController {
  private readonly summaries: RequestSummaries | null;

  constructor({
    everyRequest = false,
    summaryIntervalMs,
  }: { everyRequest?: boolean; summaryIntervalMs?: number } = {}) {
    super();
    this.summaries = everyRequest ? null : new RequestSummaries(summaryIntervalMs);
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const fields = { req: request, res: reply, responseTime: inWholeMicroseconds(reply.elapsedTime) };
    if (error) reply.log.error({ ...fields, err: error }, 'request errored');
    else if (!this.summarized(request, reply)) reply.log.info(fields, 'request completed');
  }

  /**
   * Counts the request in its route's summary if it is one to summarize: not when the route has a
   * log level of its own (the summary is written at the root's), nor when info lines are off.
   */
  private summarized(request: FastifyRequest, reply: FastifyReply): boolean {
    const route = request.routeOptions;
    if (!this.summaries || route.config.accessLog !== 'summary') return false;
    const { method } = request;
    if (reply.statusCode >= 400 || (method !== 'GET' && method !== 'HEAD')) return false;
    // credentials travel only as a bearer token: the app sets no cookies
    if (request.headers.authorization !== undefined) return false;
    const ms = reply.elapsedTime;
    const root = request.server.log;
    if (!(ms < SLOW_REQUEST_MS) || reply.log.level !== root.level || !(root as pino.Logger).isLevelEnabled('info'))
      return false;
    return this.summaries.count(root, route, method, reply.statusCode, ms);
  }

  /** Writes the summaries counted so far (the app is closing). */
  close(): void {
    this.summaries?.stop();
  }
}

/** How long a log line may wait in the buffer before it is written. */
const LOG_FLUSH_INTERVAL_MS = 1_000;
/** Lines are handed to the file descriptor in batches of about this many characters. */
const LOG_BATCH_CHARS = 16 * 1024;
/**
 * A write to a pipe of at most this many bytes is never interleaved with another process's
 * (POSIX PIPE_BUF; 4096 on Linux): the server processes of one instance share standard output.
 */
const PIPE_BUF = 4096;

/**
 * Log lines gathered into batches, each handed to the destination in one `write`: a system call
 * per line was ≈ 4 % of a small answer (docs/decisions/0023).
 */
export class BatchedLog {
  private lines: string[] = [];
  private chars = 0;

  /** `writeLimitBytes`: each write holds whole lines of at most this many bytes together (a longer line goes alone). */
  constructor(
    private readonly sink: { write(chunk: string): unknown; flushSync(): void },
    private readonly batchChars = LOG_BATCH_CHARS,
    private readonly writeLimitBytes = Infinity,
  ) {}

  write(line: string): void {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= this.batchChars) this.flush();
  }

  /** Hands what is gathered to the destination. */
  flush(): void {
    if (this.chars === 0) return;
    const lines = this.lines;
    this.lines = [];
    this.chars = 0;
    if (this.writeLimitBytes === Infinity) {
      this.sink.write(lines.join(''));
      return;
    }
    let chunk = '';
    let bytes = 0;
    for (const line of lines) {
      const size = Buffer.byteLength(line);
      if (bytes > 0 && bytes + size > this.writeLimitBytes) {
        this.sink.write(chunk);
        chunk = '';
        bytes = 0;
      }
      chunk += line;
      bytes += size;
    }
    this.sink.write(chunk);
  }

  /** Writes everything still waiting before returning (at exit). */
  flushSync(): void {
    this.flush();
    this.sink.flushSync();
  }
}

let stdoutDestination: BatchedLog | undefined;

/**
 * Standard output in batches: lines wait at most a second (or 16 KB), then go out in one
 * synchronous write. What is gathered is written when the process exits — `process.exit` on
 * SIGTERM or SIGINT, an uncaught exception. One per process, however many apps it builds.
 */
export function logDestination(): BatchedLog {
  if (stdoutDestination) return stdoutDestination;
  const sink = pino.destination({ dest: 1, sync: true });
  // one of several server processes (decision 0053): whole lines in writes no other process's can split
  const destination = cluster.isWorker ? new BatchedLog(sink, PIPE_BUF, PIPE_BUF) : new BatchedLog(sink);
  // not jobs.every: one per process, made before any app or job queue and outliving them
  setInterval(() => destination.flush(), LOG_FLUSH_INTERVAL_MS).unref();
  process.on('exit', () => destination.flushSync());
  stdoutDestination = destination;
  return destination;
}

export function loggerOptions(config: AppConfig): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', '*.token', '*.refreshToken', '*.sessionToken'],
      censor: '[redacted]',
    },
    serializers: { err: serializeError, req: requestFields },
  };
}
