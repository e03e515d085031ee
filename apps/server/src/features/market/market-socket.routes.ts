import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import websocket from '@fastify/websocket';
import { z } from 'zod';
import {
  errorResponseSchema,
  MARKET_LIMITS,
  MARKET_MESSAGES,
  MARKET_SOCKET_MESSAGES,
  symbolSchema,
  text,
} from '@tp/shared';
import { bearerToken } from '../../plugins/auth';
import { notFound, unauthorized } from '../../plugins/errors';
import { createQuoteHub, type Corking } from './quote-fanout';

const socketQuerySchema = z.object({
  symbols: text()
    .max(MARKET_LIMITS.maxSymbolsPerSocket * 13)
    .optional()
    .transform((text) => [
      ...new Set(
        (text ?? '')
          .split(',')
          .map((s) => s.trim().toUpperCase())
          .filter(Boolean),
      ),
    ])
    .pipe(z.array(symbolSchema).max(MARKET_LIMITS.maxSymbolsPerSocket, MARKET_SOCKET_MESSAGES.tooManySymbols)),
  /** The access token (browsers cannot set headers on a WebSocket); an Authorization header works too. */
  token: text().max(4_096).optional(),
});

/** Bytes one client message may have: a subscription of 20 symbols or a token fits many times over. */
const MAX_MESSAGE_BYTES = 16 * 1024;

/**
 * WebSocket /ws/market?symbols=AAPL,MSFT&token=… (docs/product/api.md#market). The upgrade is refused with a
 * 401 without a valid access token of a live session (checked through app.auth.verify, like every
 * HTTP call), with a 400 for a bad symbol list and a 404 for an unknown symbol.
 */
const marketSocketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { market, config, log } = app.deps;
  await app.register(websocket, { options: { maxPayload: MAX_MESSAGE_BYTES } });

  const hub = createQuoteHub({
    market,
    ...config.marketSocket,
    verify: (token) => app.auth.verify(token),
    liveSessions: (ids) => app.auth.liveSessions(ids),
    log,
  });
  app.addHook('preClose', async () => hub.close());

  app.get(
    '/market',
    {
      websocket: true,
      schema: {
        tags: ['market'],
        summary: 'Live quotes: one per subscribed symbol per second, heartbeats, subscribe/unsubscribe messages',
        querystring: socketQuerySchema,
        response: { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
      preHandler: async (request) => {
        const token = request.query.token ?? bearerToken(request);
        const auth = token ? await app.auth.verify(token) : null;
        if (!auth || !token) throw unauthorized();
        const unknown = request.query.symbols.filter((symbol) => !market.instrument(symbol));
        if (unknown.length > 0) throw notFound(unknown.map(MARKET_MESSAGES.unknownSymbol).join('; '));
        request.auth = auth;
      },
    },
    (socket, request) => {
      const { userId, sessionId, expiresAtMs } = request.auth!;
      // ws keeps its TCP socket as _socket: corked around a tick's quotes, they leave in one write
      const raw = (socket as unknown as { _socket?: Corking })._socket;
      const corking = raw && typeof raw.cork === 'function' ? raw : undefined;
      hub.attach(socket, { userId, sessionId, expiresAtMs }, request.query.symbols, corking);
    },
  );
};
export default marketSocketRoutes;
