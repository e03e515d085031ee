import {
  LogController,
  type FastifyBaseLogger,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
} from 'fastify';
import pino from 'pino';
import type { AppConfig } from '../config';
import { serializeError } from './log-safety';

/** Query parameters that carry secrets (magic-link and hand-off tokens) never reach the log. */
const SECRET_QUERY = /([?&](?:token|session|sessionToken|refreshToken)=)[^&#]*/gi;
/** Nor do e-mail addresses in a query (the mailbox's `to`, a search), raw or percent-encoded. */
const EMAIL_IN_URL = /[^\s/?&=#]+(?:@|%40)[^\s/?&=#]+/gi;

/** What either pattern needs: without a query, an `@` or its encoding there is nothing to redact. */
const MAYBE_SECRET = /[?&@]|%40/;

export function redactUrl(url: string): string {
  if (!MAYBE_SECRET.test(url)) return url;
  return url.replace(SECRET_QUERY, '$1[redacted]').replace(EMAIL_IN_URL, '[email]');
}

/**
 * One line per request, when it is answered: its id, method, redacted URL and address with the
 * status and time (Fastify's default writes an "incoming request" line first, ≈ 3 % of a small
 * answer's CPU). A request that never completes still gets Fastify's other lines (errors, aborts).
 */
export class OneLinePerRequest extends LogController {
  /** The root logger without the redaction pass, for the completed line only (see requestCompleted). */
  private plainLog: FastifyBaseLogger | undefined;

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else {
      // The line holds only what the serializers below keep (id, method, redacted URL, address,
      // status), none of which the redact paths can match, so it skips pino's redaction pass
      // (a selective clone of every field, ≈ 5 % of a small answer's CPU). Same line, same bindings.
      this.plainLog ??= request.server.log.child({}, { redact: { paths: [] } });
      const line = { req: request, res: reply, responseTime: reply.elapsedTime };
      if (reply.log.level === this.plainLog.level)
        this.plainLog.info({ reqId: request.id, ...line }, 'request completed');
      else reply.log.info(line, 'request completed'); // a route with a log level of its own
    }
  }
}

/**
 * Fastify's per-request child logger, on pino's fast path: Fastify passes an options object even
 * when it is empty (no route log level or serializers), and an options object, empty or not, makes
 * pino rebuild the child's formatters on every request.
 */
export const childLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => logger.child(bindings, Object.keys(options).length > 0 ? options : undefined);

/** How long a log line may wait in the buffer before it is written. */
const LOG_FLUSH_INTERVAL_MS = 1_000;
/** Lines are handed to the file descriptor in batches of about this many bytes. */
const LOG_BATCH_CHARS = 16 * 1024;

/**
 * Log lines gathered into batches before they reach pino's asynchronous destination (SonicBoom).
 * SonicBoom measures the UTF-8 length of its whole pending buffer on every `write`, so feeding it
 * line by line costs each line a scan of everything still waiting (≈ 3 µs a line at a 4 KB batch,
 * more at larger ones); handed a batch at a time, each byte is scanned once.
 */
export class BatchedLog {
  private lines: string[] = [];
  private chars = 0;

  constructor(
    private readonly sink: { write(chunk: string): unknown; flushSync(): void },
    private readonly batchChars = LOG_BATCH_CHARS,
  ) {}

  write(line: string): void {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= this.batchChars) this.flush();
  }

  /** Hands what is gathered to the destination, which writes it asynchronously. */
  flush(): void {
    if (this.chars === 0) return;
    const batch = this.lines.join('');
    this.lines = [];
    this.chars = 0;
    this.sink.write(batch);
  }

  /** Writes everything still waiting before returning (at exit). */
  flushSync(): void {
    this.flush();
    this.sink.flushSync();
  }
}

let stdoutDestination: BatchedLog | undefined;

/**
 * Standard output, written asynchronously in batches: a synchronous `write` per log line was a
 * system call in every request (≈ 4 % of a small answer). Lines wait at most a second (or 16 KB);
 * what is buffered is written synchronously when the process exits — `process.exit` on SIGTERM
 * or SIGINT, an uncaught exception. One per process, however many apps it builds.
 */
export function logDestination(): BatchedLog {
  if (stdoutDestination) return stdoutDestination;
  // minLength 0: SonicBoom writes whatever it is handed at once (one write in flight, the rest queued)
  const destination = new BatchedLog(pino.destination({ dest: 1, sync: false, minLength: 0 }));
  setInterval(() => destination.flush(), LOG_FLUSH_INTERVAL_MS).unref();
  // after pino's own exit hook for the SonicBoom (registered when it was created): the lines still
  // gathered here follow what it had queued
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
    serializers: {
      err: serializeError,
      req: (req: { method: string; url: string; id: string; ip?: string }) => ({
        id: req.id,
        method: req.method,
        url: redactUrl(req.url),
        ip: req.ip,
      }),
    },
  };
}
