import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
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

export const badRequest = (message?: string, details?: ErrorDetail[]) =>
  new AppError(400, message, 'BAD_REQUEST', details);
export const unauthorized = (message?: string) => new AppError(401, message);
export const forbidden = (message?: string, code?: string) => new AppError(403, message, code);
export const notFound = (message?: string) => new AppError(404, message);
export const conflict = (message?: string) => new AppError(409, message);
export const tooManyRequests = () => new AppError(429);
/** A 400 naming one field, shaped like the schema validation's answers. */
export const invalidField = (field: string, message: string) =>
  new AppError(400, `Invalid request: ${field}: ${message}`, 'VALIDATION_FAILED', [{ field, message }]);

function fieldOf(path: ReadonlyArray<PropertyKey>, prefix: string): string {
  const joined = path.map(String).join('.');
  return joined ? joined : prefix;
}

export const SERVICE_UNAVAILABLE = 'The service is temporarily unavailable. Please try again later.';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.statusCode).send({
        success: false,
        error: error.message,
        code: error.code,
        ...(error.details ? { details: error.details } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'body';
      const details = error.validation.map((issue) => ({
        field: fieldOf(issue.instancePath.split('/').filter(Boolean), context),
        message: issue.message ?? 'Invalid value',
      }));
      const summary = details.map((d) => `${d.field}: ${d.message}`).join('; ');
      return reply.status(400).send({
        success: false,
        error: `Invalid request: ${summary}`,
        code: 'VALIDATION_FAILED',
        details,
      });
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500 && isDatabaseUnavailable(error)) {
      // an outage, not a bug: the client may try again (sign-in answers its own 503 text first)
      request.log.error({ err: error }, 'database unavailable');
      return reply.status(503).send({ success: false, error: SERVICE_UNAVAILABLE, code: codeForStatus(503) });
    }
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.status(status).send({ success: false, error: messageForStatus(500), code: codeForStatus(500) });
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type, rate limit...).
    const message =
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
        ? 'Invalid request: the body is not valid JSON'
        : status === 429
          ? messageForStatus(429)
          : error.message || messageForStatus(status);
    return reply.status(status).send({ success: false, error: message, code: codeForStatus(status) });
  });
}
