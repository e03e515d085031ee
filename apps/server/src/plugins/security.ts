import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
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
  app.addHook('onSend', async (request, reply) => {
    if (isApiPath(request.url) && !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
  });
}

/** Security headers for the API and the SPA, with a Content-Security-Policy that allows only what the app loads. */
export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  const chat = [...CHAT_ORIGINS[config.chat.provider]];
  if (config.chat.baseUrl) {
    const chatUrl = new URL(config.chat.baseUrl);
    chat.push(chatUrl.origin, `${chatUrl.protocol === 'https:' ? 'wss' : 'ws'}://${chatUrl.host}`);
  }
  // 'self' covers same-origin ws(s) in current browsers (CSP Level 3); older ones need the origin itself
  const publicUrl = new URL(config.publicUrl);
  const ownWebSocket = `${publicUrl.protocol === 'https:' ? 'wss' : 'ws'}://${publicUrl.host}`;
  await app.register(helmet, {
    global: true,
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
}
