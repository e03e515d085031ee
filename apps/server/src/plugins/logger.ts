import type { FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config';
import { serializeError } from './log-safety';

/** Query parameters that carry secrets (magic-link and hand-off tokens) never reach the log. */
const SECRET_QUERY = /([?&](?:token|session|sessionToken|refreshToken)=)[^&#]*/gi;
/** Nor do e-mail addresses in a query (the mailbox's `to`, a search), raw or percent-encoded. */
const EMAIL_IN_URL = /[^\s/?&=#]+(?:@|%40)[^\s/?&=#]+/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]').replace(EMAIL_IN_URL, '[email]');
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
