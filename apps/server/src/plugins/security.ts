import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { AppConfig } from '../config';

const CHAT_ORIGINS: Record<AppConfig['chat']['provider'], string[]> = {
  none: [],
  crisp: ['https://client.crisp.chat', 'wss://client.relay.crisp.chat', 'https://image.crisp.chat'],
  // the hosted Chatwoot; a self-hosted one is added from CHAT_BASE_URL
  chatwoot: ['https://app.chatwoot.com', 'wss://app.chatwoot.com'],
};

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/');

/**
 * API answers carry tokens and personal data: none may be stored by a browser or a shared cache
 * unless its route says otherwise (public, identical-for-everyone answers set their own header).
 */
export function registerNoStoreByDefault(app: FastifyInstance): void {
  app.addHook('onSend', (request, reply, payload, done) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}

/**
 * The headers helmet sets for these options, computed once: @fastify/helmet builds helmet's
 * middleware (parsing every CSP directive) on each request, ≈ 10 % of a small answer's CPU.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): ReadonlyArray<readonly [string, string]> {
  const headers = new Map<string, string>();
  const recorder = {
    setHeader: (name: string, value: string) => headers.set(name.toLowerCase(), value),
    removeHeader: (name: string) => headers.delete(name.toLowerCase()),
  };
  helmet(options)({} as never, recorder as never, (error) => {
    if (error) throw error;
  });
  return [...headers];
}

/** Security headers for the API and the SPA, with a Content-Security-Policy that allows only what the app loads. */
export function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): void {
  const chat = [...CHAT_ORIGINS[config.chat.provider]];
  if (config.chat.baseUrl) {
    const chatUrl = new URL(config.chat.baseUrl);
    chat.push(chatUrl.origin, `${chatUrl.protocol === 'https:' ? 'wss' : 'ws'}://${chatUrl.host}`);
  }
  // 'self' covers same-origin ws(s) in current browsers (CSP Level 3); older ones need the origin itself
  const publicUrl = new URL(config.publicUrl);
  const ownWebSocket = `${publicUrl.protocol === 'https:' ? 'wss' : 'ws'}://${publicUrl.host}`;
  const headers = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...chat],
        styleSrc: ["'self'", "'unsafe-inline'", ...chat],
        imgSrc: ["'self'", 'data:', 'blob:', ...chat],
        fontSrc: ["'self'", 'data:', ...chat],
        connectSrc: ["'self'", ownWebSocket, ...chat],
        frameSrc: ["'self'", ...chat],
        mediaSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(config.publicUrl.startsWith('https://') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    crossOriginEmbedderPolicy: false,
    // as frame-ancestors 'none' says: no one may frame the app, not even this origin
    frameguard: { action: 'deny' },
    hsts: config.publicUrl.startsWith('https://'),
  });
  // on the raw response, as helmet does: a route's own header (a download's sandbox CSP) still wins,
  // and answers written past Fastify's reply carry them too
  app.addHook('onRequest', (_request, reply, done) => {
    const res = reply.raw;
    for (const [name, value] of headers) res.setHeader(name, value);
    done();
  });
}
