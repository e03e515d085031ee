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
import { inWholeMicroseconds, RequestSummaries } from './request-summaries';

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

/** What a log line says about a request: its id, method, redacted URL and address. */
function requestFields(req: { method: string; url: string; id: string; ip?: string }) {
  return { id: req.id, method: req.method, url: redactUrl(req.url), ip: req.ip };
}

/** What JSON.stringify would escape in a string: quotes, backslashes, control characters, surrogates. */
// eslint-disable-next-line no-control-regex -- the control characters are what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A string as a JSON string, skipping JSON.stringify (≈ 80 ns a call) when nothing needs escaping. */
function jsonString(value: string): string {
  return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
}

/**
 * A request's completed line, kept as its fields and written out only when its batch is
 * (`BatchedLog` joins it as a string): formatted in one go with its batch, while that code is hot,
 * rather than as its request finished, between two requests' socket work, the line costs ≈ 4 µs
 * less of its ≈ 11 µs per answer (docs/decisions/0023, fifth pass).
 */
class CompletedLine {
  constructor(
    /** What pino writes around the time: `{"level":30` before it, the root's bindings after. */
    private readonly frame: { level: number; bindings: string },
    private readonly time: number,
    readonly id: string,
    readonly method: string,
    readonly url: string,
    readonly ip: string | undefined,
    private readonly statusCode: number,
    private readonly responseTime: number,
  ) {}

  /** About what the line takes of a batch: `BatchedLog` counts it before it is formatted. */
  get length(): number {
    return 240 + this.url.length;
  }

  /**
   * The fields written one by one rather than an object built and stringified, a string quoted
   * without JSON.stringify when it has nothing to escape (ids, paths and addresses almost never
   * do), and the time in whole microseconds: the shortest round-trip digits of a raw
   * `elapsedTime` (≈ 16 of them) took as long as the rest. The method needs no quoting: Node's
   * parser admits only its list of method tokens.
   */
  toString(): string {
    const id = jsonString(this.id);
    const ip = this.ip === undefined ? '' : `,"ip":${jsonString(this.ip)}`;
    return (
      `{"level":${this.frame.level},"time":${this.time}${this.frame.bindings},"reqId":${id},` +
      `"req":{"id":${id},"method":"${this.method}","url":${jsonString(redactUrl(this.url))}${ip}},` +
      `"res":{"statusCode":${this.statusCode}},"responseTime":${inWholeMicroseconds(this.responseTime)},` +
      `"msg":"request completed"}\n`
    );
  }
}

/**
 * Writes the completed line as pino would (level, time, the root's pid and hostname, the fields,
 * msg) straight to the root logger's stream: pino's generic path — the serializers, a property
 * walk with a stringify per value, then the message — cost twice as much for five fixed fields.
 * None of them can carry what the redact paths remove (the URL is already through `redactUrl`).
 * To the app's own destination the line goes unformatted (`CompletedLine`); any other stream
 * (a test's) gets it as a string at once.
 */
function completedLineWriter(root: FastifyBaseLogger) {
  const logger = root as pino.Logger;
  const stream = (logger as unknown as Record<symbol, unknown>)[pino.symbols.streamSym] as
    { write(line: string): void } | undefined;
  const bindings = (logger as unknown as Record<symbol, unknown>)[pino.symbols.chindingsSym];
  const level = logger.levels?.values.info;
  if (!stream || typeof bindings !== 'string' || typeof logger.isLevelEnabled !== 'function' || level === undefined)
    return null;
  const frame = { level, bindings };
  const write =
    stream instanceof BatchedLog
      ? (line: CompletedLine) => stream.write(line)
      : (line: CompletedLine) => stream.write(String(line));
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (!logger.isLevelEnabled('info')) return;
    write(
      new CompletedLine(
        frame,
        Date.now(),
        request.id,
        request.method,
        request.url,
        request.ip,
        reply.statusCode,
        reply.elapsedTime,
      ),
    );
  };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Its fast, successful, anonymous reads are counted per minute rather than written a line each. */
    accessLog?: 'summary';
    /** The route a summary names when several routes are counted as one (the hashed assets: `/assets/*`). */
    accessLogRoute?: string;
  }
}

/** A route's config for `AccessLog`'s summaries: for public reads asked often (configuration, health, assets). */
export const SUMMARIZED_ACCESS_LOG = { accessLog: 'summary' } as const;

/** Longer than this, a read gets its own line even on a summarized route. */
export const SLOW_REQUEST_MS = 500;

/**
 * One line per request, when it is answered: its id, method, redacted URL and address with the
 * status and time (Fastify's default writes an "incoming request" line first, ≈ 3 % of a small
 * answer's CPU). A request that never completes still gets Fastify's other lines (errors, aborts).
 * On a route marked `SUMMARIZED_ACCESS_LOG`, a GET or HEAD answered below 400 within
 * `SLOW_REQUEST_MS` and carrying no credentials is counted in a per-route summary instead
 * (decision 0032), unless `everyRequest`.
 */
export class AccessLog extends LogController {
  private writeCompleted: ReturnType<typeof completedLineWriter> | undefined;
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
    if (this.isLogDisabled(request)) return;
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
      return;
    }
    const root = request.server.log;
    if (this.summaries && this.summarized(request, reply, root)) return;
    if (this.writeCompleted === undefined) this.writeCompleted = completedLineWriter(root);
    if (this.writeCompleted && reply.log.level === root.level) this.writeCompleted(request, reply);
    // a route with a log level of its own, or a logger that is not pino's
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }

  /**
   * Counts the request in its route's summary if it is one to summarize: not when the route has a
   * log level of its own (the summary is written at the root's), nor when info lines are off.
   */
  private summarized(request: FastifyRequest, reply: FastifyReply, root: FastifyBaseLogger): boolean {
    const { method } = request;
    if (reply.statusCode >= 400 || (method !== 'GET' && method !== 'HEAD')) return false;
    // credentials travel only as a bearer token: the app sets no cookies
    if (request.headers.authorization !== undefined) return false;
    const ms = reply.elapsedTime;
    if (!(ms < SLOW_REQUEST_MS)) return false;
    const route = request.routeOptions;
    if (route.config.accessLog !== 'summary' || reply.log.level !== root.level) return false;
    if (!(root as pino.Logger).isLevelEnabled?.('info')) return false;
    return this.summaries!.count(root, route, method, reply.statusCode, ms);
  }

  /** Writes the summaries counted so far (the app is closing). */
  close(): void {
    this.summaries?.stop();
  }
}

type LogMethod = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArguments = Parameters<FastifyBaseLogger['info']>;

/**
 * A request's logger, made when the request first logs something: most requests log nothing but
 * their completed line (written without it), and a pino child per request cost ≈ 1 µs — its
 * `{reqId}` binding goes through the redaction pass — plus the objects it allocates.
 */
class RequestLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: pino.Bindings,
  ) {}

  private get logger(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings));
  }

  get level(): string {
    return this.made ? this.made.level : this.parent.level;
  }

  set level(level: string) {
    this.logger.level = level;
  }

  private log(method: LogMethod, args: LogArguments): void {
    (this.logger[method] as (...values: LogArguments) => void)(...args);
  }

  fatal(...args: LogArguments) {
    this.log('fatal', args);
  }
  error(...args: LogArguments) {
    this.log('error', args);
  }
  warn(...args: LogArguments) {
    this.log('warn', args);
  }
  info(...args: LogArguments) {
    this.log('info', args);
  }
  debug(...args: LogArguments) {
    this.log('debug', args);
  }
  trace(...args: LogArguments) {
    this.log('trace', args);
  }
  silent() {}

  child(bindings: pino.Bindings, options?: pino.ChildLoggerOptions): FastifyBaseLogger {
    return this.logger.child(bindings, options);
  }
}

/**
 * Fastify's per-request logger: made on first use (RequestLogger). A route with a log level or
 * serializers of its own gets its child at once. No empty options object reaches pino: any
 * options object, empty or not, makes pino rebuild the child's formatters.
 */
export const childLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => (Object.keys(options).length > 0 ? logger.child(bindings, options) : new RequestLogger(logger, bindings));

/** How long a log line may wait in the buffer before it is written. */
const LOG_FLUSH_INTERVAL_MS = 1_000;
/** Lines are handed to the file descriptor in batches of about this many bytes. */
const LOG_BATCH_CHARS = 16 * 1024;

/** A line as a string, or an object that becomes one only when its batch is written (`CompletedLine`). */
type BatchedLine = string | { readonly length: number; toString(): string };

/**
 * Log lines gathered into batches, each handed to the destination in one `write`: a system call
 * per line was ≈ 4 % of a small answer, and SonicBoom measures the UTF-8 length of what it is
 * handed on every `write`, so a batch is scanned once rather than a line at a time.
 */
export class BatchedLog {
  private lines: BatchedLine[] = [];
  private chars = 0;

  constructor(
    private readonly sink: { write(chunk: string): unknown; flushSync(): void },
    private readonly batchChars = LOG_BATCH_CHARS,
  ) {}

  write(line: BatchedLine): void {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= this.batchChars) this.flush();
  }

  /** Hands what is gathered to the destination. */
  flush(): void {
    if (this.chars === 0) return;
    // join makes a string of each line that is not one yet
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
 * Standard output in batches: lines wait at most a second (or 16 KB), then go out in one
 * synchronous write — pino's own default for a destination, one system call per ≈ 65 request
 * lines. An asynchronous destination (SonicBoom `sync: false`), which sends each batch through
 * libuv's thread pool and back, cost the server more CPU per `/api/config` answer in every
 * alternating round (docs/decisions/0023, fourth pass). What is gathered is
 * written when the process exits — `process.exit` on SIGTERM or SIGINT, an uncaught exception.
 * One per process, however many apps it builds.
 */
export function logDestination(): BatchedLog {
  if (stdoutDestination) return stdoutDestination;
  const destination = new BatchedLog(pino.destination({ dest: 1, sync: true }));
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
