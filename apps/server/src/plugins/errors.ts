import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ZodError } from 'zod';
import { codeForStatus, messageForStatus, type ErrorDetail } from '@tp/shared';
import { isDatabaseUnavailable } from '../db/outage';

/** An expected failure: carries the HTTP status, machine code and the spec's message. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string = messageForStatus(statusCode),
    readonly code: string = codeForStatus(statusCode),
    readonly details?: ErrorDetail[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** A 400 about the request as a whole; one that names fields is `validationFailed`. */
export const badRequest = (message?: string) => new AppError(400, message, 'BAD_REQUEST');
export const unauthorized = (message?: string) => new AppError(401, message);
export const forbidden = (message?: string, code?: string) => new AppError(403, message, code);
export const notFound = (message?: string) => new AppError(404, message);
export const conflict = (message?: string) => new AppError(409, message);
/**
 * The one validation answer: 400 VALIDATION_FAILED naming each field in `details` (the schema
 * validation's own answers are made here too). The message defaults to "Invalid request: " and
 * each `field: message`; a spec text may replace it.
 */
export function validationFailed(details: ErrorDetail[], message?: string): AppError {
  const summary = details.map((d) => `${d.field}: ${d.message}`).join('; ');
  return new AppError(400, message ?? `Invalid request: ${summary}`, 'VALIDATION_FAILED', details);
}

/** A 400 naming one field. */
export const invalidField = (field: string, message: string) => validationFailed([{ field, message }]);

/** A zod parse failure as the validation answer; an issue at the root is named `rootField`. */
export function fromZodError(error: ZodError, rootField = 'body', message?: string): AppError {
  return validationFailed(
    error.issues.map((issue) => ({ field: fieldOf(issue.path, rootField), message: issue.message })),
    message,
  );
}

/** A 429 that tells the client when to try again (the Retry-After header). */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfterSeconds: number,
    message?: string,
  ) {
    super(429, message);
  }
}

function fieldOf(path: ReadonlyArray<PropertyKey>, prefix: string): string {
  const joined = path.map(String).join('.');
  return joined ? joined : prefix;
}

export const SERVICE_UNAVAILABLE = 'The service is temporarily unavailable. Please try again later.';

/** The one error body: `{success: false, error, code}`. */
export function errorBody(status: number, error = messageForStatus(status), code = codeForStatus(status)) {
  return { success: false as const, error, code };
}

const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_BAD_URL: 'Invalid request: the URL is not valid',
  FST_ERR_MAX_PARAM_LENGTH: 'The requested URL is too long',
};

/**
 * Fastify's router answers some requests before any hook or handler runs (a URL it cannot decode,
 * a path segment over `maxParamLength`): the `frameworkErrors` option, so they keep the one shape.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
  const message = FRAMEWORK_MESSAGES[error.code] ?? messageForStatus(status);
  return reply.status(status).header('cache-control', 'no-store').send(errorBody(status, message));
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
};

/** Requests Node's HTTP parser refuses (Fastify's `clientErrorHandler`): answered in the one shape. */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  // a reset connection has no one left to answer
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = CLIENT_ERRORS[error.code ?? ''] ?? [400, 'Invalid request: malformed HTTP'];
  const body = JSON.stringify(errorBody(status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/**
 * While the server drains on shutdown, requests still arriving on open keep-alive connections get
 * a 503 in the one shape (Fastify's own answer, `return503OnClosing`, is switched off for this).
 * The returned check runs in the answer-headers hook (security.ts), so a refusal carries the
 * headers of every answer and no request pays a hook of its own for it.
 */
export function refuseWhileClosing(app: FastifyInstance): (reply: FastifyReply) => boolean {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  return (reply) => {
    if (!closing) return false;
    void reply.status(503).header('connection', 'close').send(errorBody(503, SERVICE_UNAVAILABLE));
    return true;
  };
}

/** The browser closed or reset its connection before the request was read: nobody waits for an answer. */
export function clientWentAway(request: FastifyRequest, error: { code?: unknown }): boolean {
  return error.code === 'ECONNRESET' && (request.raw.destroyed || request.raw.socket?.destroyed === true);
}

/** A route schema's refusal (fastify-type-provider-zod) as the validation answer; a spec text may replace the message. */
export function fromSchemaValidation(
  error: { validationContext?: string; validation: ReadonlyArray<{ instancePath: string; message?: string }> },
  message?: string,
): AppError {
  const context = error.validationContext ?? 'body';
  return validationFailed(
    error.validation.map((issue) => ({
      field: fieldOf(issue.instancePath.split('/').filter(Boolean), context),
      message: issue.message ?? 'Invalid value',
    })),
    message,
  );
}

function sendAppError(reply: FastifyReply, error: AppError) {
  if (error instanceof RateLimitedError) reply.header('retry-after', String(error.retryAfterSeconds));
  return reply.status(error.statusCode).send({
    ...errorBody(error.statusCode, error.message, error.code),
    ...(error.details ? { details: error.details } : {}),
  });
}

export function registerErrorHandling(app: FastifyInstance): void {
  // whatever the request was waiting for (its body, a query), a browser that left is not an outage
  app.addHook('onRequestAbort', async (request) => {
    request.log.info('client closed the connection before the request was answered');
  });
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    // the body stream's ECONNRESET: already logged by onRequestAbort, and nobody reads an answer
    if (!(error instanceof AppError) && clientWentAway(request, error)) {
      return reply.status(400).send(errorBody(400, 'Invalid request: the connection closed before the body arrived'));
    }
    if (hasZodFastifySchemaValidationErrors(error)) return sendAppError(reply, fromSchemaValidation(error));
    if (error instanceof AppError) return sendAppError(reply, error);
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500 && isDatabaseUnavailable(error)) {
      // an outage, not a bug: the client may try again (sign-in answers its own 503 text first)
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send(errorBody(503, SERVICE_UNAVAILABLE));
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send(errorBody(500));
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type, rate limit...).
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'Invalid request: the body is not valid JSON'
        : status === 429
          ? messageForStatus(429)
          : error.message || messageForStatus(status);
    return reply.status(status).send(errorBody(status, message));
  });
}
