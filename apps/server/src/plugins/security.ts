import type { FastifyInstance, FastifyReply } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { CONTRACT_VERSION_HEADER } from '@tp/shared';
import type { AppConfig } from '../config';
import { CONTRACT_VERSION } from '../contract-version';
import { isApiPath } from './paths';

const CHAT_ORIGINS: Record<AppConfig['chat']['provider'], string[]> = {
  none: [],
  crisp: ['https://client.crisp.chat', 'wss://client.relay.crisp.chat', 'https://image.crisp.chat'],
  // the hosted Chatwoot; a self-hosted one is added from CHAT_BASE_URL
  chatwoot: ['https://app.chatwoot.com', 'wss://app.chatwoot.com'],
};

/**
 * Where the answers are data, not documents: the API (JSON; files, which set their own sandbox CSP)
 * and the WebSocket routes' refusals. The API's own documentation pages are documents.
 */
const isDataPath = (url: string) => (isApiPath(url) && !url.startsWith('/api/docs')) || url.startsWith('/ws/');

/**
 * What a data answer keeps of the document headers: no MIME sniffing (a JSON answer is never run
 * as a page or a script), no framing, no referrer, no cross-origin reads, HSTS. The rest only
 * mean something to a document a browser renders — its CSP sources, COOP, Origin-Agent-Cluster,
 * DNS prefetching, the legacy XSS filter, IE's download prompt, Flash's cross-domain policies.
 */
const DATA_ANSWER_HEADERS = new Set([
  'cross-origin-resource-policy',
  'referrer-policy',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
]);
/**
 * Images shown inside e-mail (the campaign open pixel; any other image a message loads from this
 * server): web mail shows a message on its own origin, where `same-origin` (every other answer's
 * policy) would block them. A route serving one sets these headers, which replace that default.
 */
export const MAIL_IMAGE_HEADERS = { 'cross-origin-resource-policy': 'cross-origin' } as const;

/** A data answer's CSP: nothing may frame it (as X-Frame-Options says, for browsers that read only CSP). */
export const DATA_ANSWER_CSP = "frame-ancestors 'none'";

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

/**
 * Every answer's own headers: security headers (pages and their assets get helmet's full set with a
 * Content-Security-Policy that allows only what the app loads; data answers the part that applies
 * to data), `Cache-Control: no-store` on the API unless a route sets its own, the version of the
 * contract the API answers by (a built server's, docs/decisions/0056), and the request id.
 */
export function registerResponseHeaders(
  app: FastifyInstance,
  config: AppConfig,
  refuse: (reply: FastifyReply) => boolean,
  contractVersion = CONTRACT_VERSION,
): void {
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
  const page = Object.fromEntries(headers);
  const data = {
    ...Object.fromEntries(headers.filter(([name]) => DATA_ANSWER_HEADERS.has(name))),
    'content-security-policy': DATA_ANSWER_CSP,
  };
  // API answers carry tokens and personal data: none may be stored by a browser or a shared
  // cache unless its route says otherwise (public, identical-for-everyone answers set their own)
  const noStore = { 'cache-control': 'no-store' };
  const contract = contractVersion ? { [CONTRACT_VERSION_HEADER]: contractVersion } : {};
  const sets = { page, data, api: { ...data, ...noStore, ...contract }, apiDocs: { ...page, ...noStore } };
  // One callback hook for every answer's own headers (each hook in the chain costs every request),
  // set as reply headers: a route's own header (a download's sandbox CSP, a public route's
  // Cache-Control) replaces them, error answers keep them, and Node writes them in one pass
  // (a raw `setHeader` each validated and stored them one by one, and again at `writeHead`).
  // `refuse` answers instead of the route (a 503 while the server closes), with these headers.
  app.addHook('onRequest', (request, reply, done) => {
    const url = request.url;
    void reply
      .headers(isApiPath(url) ? (isDataPath(url) ? sets.api : sets.apiDocs) : isDataPath(url) ? sets.data : sets.page)
      .header('x-request-id', request.id);
    if (!refuse(reply)) done();
  });
}
