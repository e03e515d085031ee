import type { z } from 'zod';
import { CONTRACT_VERSION_HEADER, RETRIES, TIMEOUTS_MS, type ErrorDetail } from '@tp/shared';
import './zod-csp';
import { ApiError } from './api-error';
import { newId } from './new-id';

type Contract = typeof import('./contract');
type PublicContract = typeof import('./public-contract');
type SessionContract = typeof import('./session-contract');
/** The name of an answer schema the client loads (./contract), e.g. 'meResponseSchema'. */
export type SchemaName = { [K in keyof Contract]: Contract[K] extends z.ZodType ? K : never }[keyof Contract];
/** What a request answers: parsed by its schema, or unknown without one. */
export type Answer<S extends SchemaName | undefined> = S extends SchemaName ? z.output<Contract[S]> : unknown;

export { ApiError };

declare const __CONTRACT_VERSION__: string;

/**
 * What a failed call tells the user: the server's message when it answered with one, else
 * `fallback` (the spec's catalogue text). `unreachable` replaces the fallback when no answer came
 * (network, timeout, anything but an ApiError) — an answer that came but did not match the
 * contract says the fallback; `clientErrorsOnly` trusts only a 4xx's message, so a 5xx says the
 * fallback (e.g. "please try again").
 */
export function errorMessage(
  error: unknown,
  fallback: string,
  { unreachable = fallback, clientErrorsOnly = false }: { unreachable?: string; clientErrorsOnly?: boolean } = {},
): string {
  if (!(error instanceof ApiError)) return unreachable;
  if (error.status === 0) return error.code === 'INVALID_ANSWER' ? fallback : unreachable;
  if (clientErrorsOnly && (error.status < 400 || error.status >= 500)) return fallback;
  return error.message || fallback;
}

export class TimeoutError extends ApiError {
  constructor(what: string, ms: number) {
    super(`Request timed out after ${ms / 1000} s: ${what}`, 0, 'TIMEOUT');
    this.name = 'TimeoutError';
  }
}

/** Hooks the auth feature installs: bearer token, and one refresh on 401. */
export interface AuthHooks {
  getAccessToken(): string | null;
  /** Refreshes the session; resolves true when a new access token is available. */
  refresh(): Promise<boolean>;
  /** The refresh was refused: the session is over. Receives the request's 401 (the server's text). */
  onUnauthorized(error: ApiError): void;
}
let authHooks: AuthHooks | null = null;
let hooksInstalled: () => void;
const hooksReady = new Promise<void>((resolve) => (hooksInstalled = resolve));
export function installAuthHooks(hooks: AuthHooks | null): void {
  authHooks = hooks;
  if (hooks) hooksInstalled();
}

/**
 * Resolves once the auth feature has installed its hooks: a read sent before would go without the
 * session's token (a page's first reads start before the app's first render, docs/decisions/0055).
 */
export const authHooksInstalled = () => hooksReady;
/**
 * Sends with the session's access token (`send` gets null when there is none, or when `auth` is
 * false). A 401 to a request that carried a token refreshes the session once and sends again; when
 * the refresh is refused, the session ends with that 401's error (`expired`), which is thrown.
 * Every transport of this client goes through it: fetch, a streamed answer, an upload by XHR.
 */
export async function withSession<A extends { status: number }>(
  send: (token: string | null) => Promise<A>,
  expired: (answer: A) => ApiError | Promise<ApiError>,
  auth = true,
): Promise<A> {
  const hooks = auth ? authHooks : null;
  const token = hooks?.getAccessToken() ?? null;
  const answer = await send(token);
  if (answer.status !== 401 || !token || !hooks) return answer;
  if (await hooks.refresh()) return send(hooks.getAccessToken());
  const error = await expired(answer);
  hooks.onUnauthorized(error);
  throw error;
}

/**
 * The session's access token for a connection the API client does not carry (the market
 * WebSocket, which authenticates with `?token=`); null when signed out.
 */
export function currentAccessToken(): string | null {
  return authHooks?.getAccessToken() ?? null;
}

/** Refreshes the session (e.g. after a socket was closed for an expired token); true when a new token is available. */
export async function refreshAccessToken(): Promise<boolean> {
  return authHooks ? authHooks.refresh() : false;
}

export interface RequestOptions<S extends SchemaName | undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  /**
   * The shared schema that parses (and so validates) the answer, unless the server answers by this
   * page's contract (`readAnswer`). The contract module is loaded only to parse; an
   * answer that does not match is an error, never retried.
   */
  schema?: S;
  signal?: AbortSignal;
  timeoutMs?: number;
  /**
   * How many times a server fault or an unreachable server is asked again, 1 s × the attempt
   * apart. Default 0: a request is sent once. A query's retries are the query layer's
   * (lib/query-client.ts), so they never stack; a read outside it, or a write the server
   * recognises when it comes again (an idempotency key), asks for `CLIENT_RETRIES`.
   */
  retries?: number;
  retryDelayMs?: number;
  /** Send the bearer token and refresh once on 401 (default true). */
  auth?: boolean;
  headers?: Record<string, string>;
}

export const API_BASE = '/api';
/** The generic client's retries (docs/product/shell.md#http-client): 3, 1 s × the attempt apart, never for a 4xx. */
export const CLIENT_RETRIES = RETRIES.genericClient.attempts;
export const NETWORK_ERROR_MESSAGE = 'Network error: the server could not be reached';

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });

async function errorFromResponse(response: Response): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  return errorFromBody(
    response.status,
    response.statusText,
    body,
    retryAfterSeconds(response.headers.get('retry-after')),
  );
}

/** The error of a failed answer: the server's envelope when it sent one, else "HTTP {status}: {status text}". */
export function errorFromBody(status: number, statusText: string, body: unknown, retryAfter?: number): ApiError {
  // the error envelope is read by hand so that zod stays out of the entry chunk
  const envelope = (body ?? {}) as { error?: unknown; code?: unknown; details?: unknown; message?: unknown };
  if (typeof envelope.error === 'string' && envelope.error) {
    return new ApiError(
      envelope.error,
      status,
      typeof envelope.code === 'string' ? envelope.code : undefined,
      Array.isArray(envelope.details) ? (envelope.details as ErrorDetail[]) : undefined,
      retryAfter,
    );
  }
  const message = envelope.message;
  return new ApiError(
    typeof message === 'string' && message ? message : `HTTP ${status}: ${statusText}`,
    status,
    undefined,
    undefined,
    retryAfter,
  );
}

/** Retry-After as seconds: delta-seconds or an HTTP date (RFC 9110 §10.2.3). */
function retryAfterSeconds(header: string | null): number | undefined {
  if (!header) return undefined;
  if (/^\d+$/.test(header.trim())) return Number(header.trim());
  const at = Date.parse(header);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

async function fetchOnce(url: string, init: RequestInit, timeoutMs: number, outer?: AbortSignal): Promise<Response> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(outer?.reason);
  outer?.addEventListener('abort', onAbort);
  const timer = setTimeout(() => controller.abort(new TimeoutError(url, timeoutMs)), timeoutMs);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch (error) {
    if (controller.signal.aborted && controller.signal.reason instanceof TimeoutError) throw controller.signal.reason;
    throw error;
  } finally {
    clearTimeout(timer);
    outer?.removeEventListener('abort', onAbort);
  }
}

/**
 * The generic client (docs/product/shell.md#http-client): base /api, 10 s timeout, retries when asked for (`retries`,
 * 1 s × attempt, never after an abort, never for a 4xx), X-Request-ID on every request. Its answers, as
 * an upload's, are read by `readAnswer`, the one place where answers are parsed with the shared contract:
 * an answer that does not match is an error, never retried.
 */
export async function apiRequest<S extends SchemaName | undefined = undefined>(
  path: string,
  options: RequestOptions<S> = {},
): Promise<Answer<S>> {
  const { schema } = options;
  const answer = await send(path, options);
  if (schema === undefined) return answer.body as Answer<S>;
  return readAnswer(path, schema, answer);
}

/** An answer's body, and the contract version its server named (null when none). */
export interface SentAnswer {
  body: unknown;
  contractVersion: string | null;
}

/**
 * An answer as its schema reads it. One from a server built with this page's contract (the version
 * it names, vite.config.ts) was written from the same schemas, so it is used as it came
 * (docs/decisions/0056); any other, or one that names none (a development server, a proxy's page),
 * is parsed, its schema loaded on demand (without the rest of the contract where it can be), and
 * one that does not match is an AnswerFormatError.
 */
export async function readAnswer<S extends SchemaName>(
  path: string,
  schema: S,
  { body, contractVersion }: SentAnswer,
): Promise<Answer<S>> {
  if (contractVersion === __CONTRACT_VERSION__) return body as Answer<S>;
  const parsed = (await loadSchema(schema)).safeParse(body);
  if (parsed.success) return parsed.data as Answer<S>;
  // its error (and the catalogue's text) come with the whole contract: a mismatch is rare
  const { AnswerFormatError } = await import('./contract');
  throw new AnswerFormatError(path, parsed.error.issues);
}

/** The schemas of the public pages' reads, which load without the rest of the contract (./public-contract). */
const PUBLIC_SCHEMAS: Record<keyof PublicContract, true> = {
  publicConfigSchema: true,
  publicStatsResponseSchema: true,
};

/** The session check's schema, which loads without the rest of the contract (./session-contract). */
const SESSION_SCHEMAS: Record<keyof SessionContract, true> = {
  meResponseSchema: true,
};

function loadSchema(name: SchemaName): Promise<z.ZodType> {
  if (Object.hasOwn(PUBLIC_SCHEMAS, name))
    return import('./public-contract').then((contract) => contract[name as keyof PublicContract]);
  if (Object.hasOwn(SESSION_SCHEMAS, name))
    return import('./session-contract').then((contract) => contract[name as keyof SessionContract]);
  return import('./contract').then((contract) => contract[name]);
}

async function send(path: string, options: RequestOptions<SchemaName | undefined>): Promise<SentAnswer> {
  const {
    method = 'GET',
    body,
    signal,
    timeoutMs = TIMEOUTS_MS.genericClient,
    retries = 0,
    retryDelayMs = RETRIES.genericClient.delayMs,
    auth = true,
  } = options;
  const url = path.startsWith('http') || path.startsWith('/api') ? path : `${API_BASE}${path}`;

  for (let attempt = 0; ; attempt += 1) {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-request-id': newId(),
      ...options.headers,
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    try {
      const response = await withSession(
        (token) =>
          fetchOnce(
            url,
            {
              method,
              headers: token ? { ...headers, authorization: `Bearer ${token}` } : headers,
              body: body === undefined ? undefined : JSON.stringify(body),
              credentials: 'same-origin',
            },
            timeoutMs,
            signal,
          ),
        errorFromResponse,
        auth,
      );
      if (!response.ok) throw await errorFromResponse(response);
      const contractVersion = response.headers.get(CONTRACT_VERSION_HEADER);
      if (response.status === 204) return { body: undefined, contractVersion };
      return { body: (await response.json()) as unknown, contractVersion };
    } catch (error) {
      const clientError = error instanceof ApiError && error.status >= 400 && error.status < 500;
      if (signal?.aborted || clientError) throw error;
      if (attempt >= retries) {
        throw error instanceof ApiError ? error : new ApiError(NETWORK_ERROR_MESSAGE, 0, 'NETWORK');
      }
      await sleep(retryDelayMs * (attempt + 1), signal);
    }
  }
}

/**
 * A request whose answer is read as a stream (e.g. NDJSON progress lines), or whose body is a file:
 * the bearer token and one refresh on 401 as `apiRequest`, no retry (a body stream is sent once),
 * an ApiError for a non-2xx answer. The caller reads the returned response's body.
 */
export async function apiStream(
  path: string,
  {
    method = 'POST',
    body,
    headers = {},
    signal,
  }: { method?: string; body?: BodyInit; headers?: Record<string, string>; signal?: AbortSignal },
): Promise<Response> {
  const url = path.startsWith('/api') ? path : `${API_BASE}${path}`;
  const response = await withSession(
    (token) =>
      fetch(url, {
        method,
        body,
        signal,
        credentials: 'same-origin',
        headers: { 'x-request-id': newId(), ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      }),
    errorFromResponse,
  );
  if (!response.ok) throw await errorFromResponse(response);
  return response;
}
