import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  candleCount,
  errorResponseSchema,
  historicalQuerySchema,
  historicalResponseSchema,
  instrumentsResponseSchema,
  MARKET_LIMITS,
  MARKET_MESSAGES,
  marketDataQuerySchema,
  marketDataResponseSchema,
  quoteResponseSchema,
  symbolSchema,
  TIMEFRAME_SECONDS,
} from '@tp/shared';
import { envelope } from '../../plugins/envelope';
import { invalidField, notFound } from '../../plugins/errors';
import marketSocketRoutes from './market-socket.routes';
import { warmUpSimulator } from './providers';

const symbolParams = z.object({ symbol: symbolSchema });
const errors = { 400: errorResponseSchema, 404: errorResponseSchema };
/** Candles cost CPU (a year of hourly bars ≈ 15 ms): counted per client address. */
const HISTORICAL_PER_MINUTE = 300;
const DEFAULT_BARS = 100;

/**
 * Market data over HTTP: public, computed by the provider, answered as `{data, timestamp}`
 * (docs/product/api.md#market).
 */
const marketDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { market } = app.deps;
  if (market.name === 'simulated') warmUpSimulator();

  const requireKnown = (symbols: readonly string[]) => {
    const unknown = symbols.filter((symbol) => !market.instrument(symbol));
    if (unknown.length > 0) throw notFound(unknown.map(MARKET_MESSAGES.unknownSymbol).join('; '));
  };

  app.get(
    '/instruments',
    {
      schema: {
        tags: ['market'],
        summary: 'The tradable instruments with their class, tick size and lot rules',
        response: { 200: instrumentsResponseSchema },
      },
    },
    async () =>
      envelope(
        market.instruments.map((spec) => spec.info),
        market.now(),
      ),
  );

  app.get(
    '/data',
    {
      schema: {
        tags: ['market'],
        summary: `Quotes of up to ${MARKET_LIMITS.maxSymbolsPerRequest} symbols`,
        querystring: marketDataQuerySchema,
        response: { 200: marketDataResponseSchema, ...errors },
      },
    },
    async (request) => {
      requireKnown(request.query.symbols);
      return envelope(await market.quotes(request.query.symbols), market.now());
    },
  );

  app.get(
    '/quote/:symbol',
    {
      schema: {
        tags: ['market'],
        summary: 'The quote of one symbol at the current second',
        params: symbolParams,
        response: { 200: quoteResponseSchema, ...errors },
      },
    },
    async (request) => {
      const quote = await market.quote(request.params.symbol);
      if (!quote) throw notFound(MARKET_MESSAGES.unknownSymbol(request.params.symbol));
      return envelope(quote, market.now());
    },
  );

  app.get(
    '/historical/:symbol',
    {
      config: { rateLimit: { max: HISTORICAL_PER_MINUTE, timeWindow: '1 minute' } },
      schema: {
        tags: ['market'],
        summary: `OHLCV candles over [start, end) (at most ${MARKET_LIMITS.maxCandles}); by default the 100 bars up to end, and end is now`,
        params: symbolParams,
        querystring: historicalQuerySchema,
        response: { 200: historicalResponseSchema, ...errors, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { symbol } = request.params;
      requireKnown([symbol]);
      const { timeframe } = request.query;
      const now = market.now();
      const end = request.query.end ? new Date(request.query.end) : new Date(now);
      const step = TIMEFRAME_SECONDS[timeframe] * 1_000;
      // by default the 100 bars up to end, the one in progress included
      const start = request.query.start
        ? new Date(request.query.start)
        : new Date((Math.ceil(end.getTime() / step) - DEFAULT_BARS) * step);
      if (start >= end) throw invalidField('start', MARKET_MESSAGES.startAfterEnd);
      const count = candleCount(timeframe, start, end);
      if (count > MARKET_LIMITS.maxCandles) {
        throw invalidField(request.query.end ? 'end' : 'start', MARKET_MESSAGES.tooManyCandles(count));
      }
      const candles = (await market.candles(symbol, timeframe, start, end)) ?? [];
      // sent as text: re-validating 8,760 candles built by the simulator against the answer's schema
      // cost more than computing them (≈ 25 ms a year of hourly bars); the schema documents the answer
      const body = JSON.stringify(envelope({ symbol, timeframe, candles }, now));
      return reply.type('application/json; charset=utf-8').send(body as never);
    },
  );
};
/** The market feature, registered at the root: its data under /api/market, live quotes at /ws/market. */
const marketRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(marketDataRoutes, { prefix: '/api/market' });
  await app.register(marketSocketRoutes, { prefix: '/ws' });
};
export default marketRoutes;
