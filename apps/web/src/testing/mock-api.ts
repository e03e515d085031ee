import { vi } from 'vitest';

export interface ApiRequest {
  method: string;
  /** The path without the query, e.g. /api/auth/me. */
  path: string;
  url: URL;
  body: unknown;
  /** A body that is not a JSON string (a Blob or File of a streamed upload). */
  rawBody?: BodyInit | null;
  headers: Record<string, string>;
}

/** One call the app made: `key` is "METHOD /path". */
export interface ApiCall extends ApiRequest {
  key: string;
}

export interface ApiAnswer {
  status?: number;
  body?: unknown;
  /** An answer that is not JSON (e.g. NDJSON lines, or a stream of them), sent as it is with this content type. */
  raw?: { body: string | ReadableStream<Uint8Array>; contentType: string };
  headers?: Record<string, string>;
}

/** An answer, or a function of the request giving one; a function that throws is a network failure. */
export type ApiRoute = ApiAnswer | ((request: ApiRequest) => ApiAnswer | Promise<ApiAnswer>);

let unexpected: string[] = [];

/**
 * Replaces fetch with the API a test describes, by "METHOD /path" (the query string is not part of
 * the key). Returns the log of calls. A call to any other route answers 404, and fails the test
 * (setup.ts): declare the 404 if the test expects one.
 */
export function mockApi(routes: Record<string, ApiRoute>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
      const method = init.method ?? 'GET';
      const key = `${method} ${url.pathname}`;
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      const request = {
        method,
        path: url.pathname,
        url,
        body,
        rawBody: typeof init.body === 'string' ? undefined : init.body,
        headers: (init.headers ?? {}) as Record<string, string>,
      };
      calls.push({ key, ...request });
      const route = routes[key];
      if (!route) unexpected.push(key);
      const answer = route === undefined ? notFound() : typeof route === 'function' ? await route(request) : route;
      if (answer.raw) {
        return new Response(answer.raw.body, {
          status: answer.status ?? 200,
          headers: { 'content-type': answer.raw.contentType },
        });
      }
      return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
        status: answer.status ?? 200,
        headers: { 'content-type': 'application/json', ...answer.headers },
      });
    }),
  );
  return calls;
}

/** The contract's error answer: `{success: false, error, code, details?}`. */
export function apiError(
  status: number,
  error: string,
  { code = 'ERROR', details }: { code?: string; details?: { field: string; message: string }[] } = {},
): ApiAnswer {
  return { status, body: { success: false, error, code, ...(details && { details }) } };
}

export const notFound = () => apiError(404, 'The requested resource was not found.', { code: 'NOT_FOUND' });

/** A route whose request never reaches the server. */
export const networkFailure = (): never => {
  throw new TypeError('Failed to fetch');
};

/** The calls no route answered since the last look (setup.ts fails the test on any). */
export function takeUnexpectedApiCalls(): string[] {
  const taken = unexpected;
  unexpected = [];
  return taken;
}
