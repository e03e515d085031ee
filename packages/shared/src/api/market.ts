import { z } from 'zod';
import { envelopeSchema } from './common';
import { decimalStringSchema } from './decimals';
import { text } from './text';

/** Market data contract (docs/product/api.md#market). */

export const INSTRUMENT_CLASSES = ['equity', 'fx', 'commodity'] as const;
export const instrumentClassSchema = z.enum(INSTRUMENT_CLASSES);
export type InstrumentClass = z.infer<typeof instrumentClassSchema>;

export const TIMEFRAMES = ['1m', '5m', '15m', '1h', '1d'] as const;
export const timeframeSchema = z.enum(TIMEFRAMES);
export type Timeframe = z.infer<typeof timeframeSchema>;
export const TIMEFRAME_SECONDS: Record<Timeframe, number> = {
  '1m': 60,
  '5m': 300,
  '15m': 900,
  '1h': 3_600,
  '1d': 86_400,
};

export const MARKET_LIMITS = {
  /** Rows one historical request may return: a year of hourly candles (8,784 in a leap year) fits. */
  maxCandles: 10_000,
  /** Symbols in one GET /api/market/data. */
  maxSymbolsPerRequest: 50,
  /** Symbols one WebSocket connection may follow at once. */
  maxSymbolsPerSocket: 20,
  /** WebSocket connections one user may hold at once on one server (tabs, windows, devices). */
  maxSocketsPerUser: 10,
  heartbeatSeconds: 15,
} as const;

export const MARKET_MESSAGES = {
  unknownSymbol: (symbol: string) => `Unknown symbol: ${symbol}`,
  tooManyCandles: (count: number) =>
    `That range holds ${count} candles; at most ${MARKET_LIMITS.maxCandles} are returned per request. Narrow the range or pick a longer timeframe.`,
  tooManySymbols: `At most ${MARKET_LIMITS.maxSymbolsPerRequest} symbols per request`,
  startAfterEnd: 'start must be before end',
} as const;

/** Upper-case ticker: AAPL, EURUSD, XAUUSD, COFFEE. */
export const symbolSchema = text()
  .trim()
  .toUpperCase()
  .min(1, 'is required')
  .max(12)
  .regex(/^[A-Z0-9.]+$/, 'must be letters and digits, e.g. AAPL');

export const isoTimestampSchema = text().max(40);

export const instrumentSchema = z.object({
  symbol: text().max(12),
  name: text().max(80),
  class: instrumentClassSchema,
  currency: z.literal('USD'),
  /** Smallest price step; every price of this instrument is a multiple of it. */
  tickSize: decimalStringSchema,
  /** What one unit of quantity is: a share, or a lot of `lotSize` base units (ounces, pounds, euros...). */
  quantityUnit: z.enum(['share', 'lot']),
  lotSize: decimalStringSchema,
  /** Price of one base unit is quoted per `priceUnit` (share, EUR, oz, lb, bushel). */
  priceUnit: text().max(16),
  minQuantity: decimalStringSchema,
  quantityStep: decimalStringSchema,
  maxQuantity: decimalStringSchema,
  /** Shares trade in whole numbers; lots in steps of `quantityStep`. */
  integerQuantity: z.boolean(),
});
export type Instrument = z.infer<typeof instrumentSchema>;
export const instrumentsResponseSchema = envelopeSchema(z.array(instrumentSchema));

export const quoteSchema = z.object({
  symbol: text().max(12),
  price: decimalStringSchema,
  bid: decimalStringSchema,
  ask: decimalStringSchema,
  /** Percent change from the UTC day's open, two decimals (1.25 means +1.25 %). */
  changePercent: z.number(),
  /** Quantity traded since the UTC day's open, in shares or lots. */
  volume: z.number().int().nonnegative(),
  timestamp: isoTimestampSchema,
});
export type Quote = z.infer<typeof quoteSchema>;

export const candleSchema = z.object({
  /** Start of the bar (UTC, ISO 8601). A bar still in progress ends at the current second. */
  time: isoTimestampSchema,
  open: decimalStringSchema,
  high: decimalStringSchema,
  low: decimalStringSchema,
  close: decimalStringSchema,
  volume: z.number().int().nonnegative(),
});
export type Candle = z.infer<typeof candleSchema>;

/** GET /api/market/data?symbols=AAPL,MSFT */
export const marketDataQuerySchema = z.object({
  symbols: text()
    .max(MARKET_LIMITS.maxSymbolsPerRequest * 13)
    .transform((text) => [
      ...new Set(
        text
          .split(',')
          .map((s) => s.trim().toUpperCase())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(symbolSchema)
        .min(1, 'name at least one symbol')
        .max(MARKET_LIMITS.maxSymbolsPerRequest, MARKET_MESSAGES.tooManySymbols),
    ),
});

/** The number of bars of `timeframe` that overlap [start, end). */
export function candleCount(timeframe: Timeframe, start: Date, end: Date): number {
  const step = TIMEFRAME_SECONDS[timeframe] * 1_000;
  const first = Math.floor(start.getTime() / step);
  const last = Math.ceil(end.getTime() / step);
  return Math.max(0, last - first);
}

/** GET /api/market/historical/{symbol}?timeframe&start&end (by default the 100 bars up to end, end being now). */
export const historicalQuerySchema = z
  .object({
    timeframe: timeframeSchema.default('1h'),
    start: z.iso.datetime({ offset: true }).optional(),
    end: z.iso.datetime({ offset: true }).optional(),
  })
  .superRefine((query, ctx) => {
    if (!query.start || !query.end) return;
    const start = new Date(query.start);
    const end = new Date(query.end);
    if (start >= end) {
      ctx.addIssue({ code: 'custom', path: ['start'], message: MARKET_MESSAGES.startAfterEnd });
      return;
    }
    const count = candleCount(query.timeframe, start, end);
    if (count > MARKET_LIMITS.maxCandles) {
      ctx.addIssue({ code: 'custom', path: ['end'], message: MARKET_MESSAGES.tooManyCandles(count) });
    }
  });

export const quoteResponseSchema = envelopeSchema(quoteSchema);
export const marketDataResponseSchema = envelopeSchema(z.array(quoteSchema));
export const historicalResponseSchema = envelopeSchema(
  z.object({ symbol: text().max(12), timeframe: timeframeSchema, candles: z.array(candleSchema) }),
);

/** WebSocket /ws/market (docs/product/api.md#market): how a connection ends, besides a normal close. */
export const MARKET_SOCKET_CLOSE = {
  /** The session behind the access token ended (logout, expiry): sign in or refresh, then reconnect. */
  sessionEnded: 4401,
  /** Nothing subscribed for a while, or the peer stopped answering pings. */
  idle: 4408,
  /** Too many messages the server could not understand in a row. */
  badMessages: 1008,
  /** The client reads too slowly: quotes piled up unsent. */
  slowConsumer: 1013,
  /** The server is shutting down. */
  goingAway: 1001,
  /** The user already holds the most connections allowed: close another tab before reconnecting. */
  tooManyConnections: 4008,
} as const;

export const MARKET_SOCKET_MESSAGES = {
  sessionEnded: 'Your session has expired. Please log in again.',
  idle: 'Closed after a period without subscriptions',
  badMessages: 'Too many invalid messages',
  slowConsumer: 'Quotes were not read fast enough',
  goingAway: 'The server is restarting',
  badMessage: 'Messages are JSON: {"type":"subscribe"|"unsubscribe","symbols":[...]} or {"type":"auth","token":"..."}',
  tooManySymbols: `At most ${MARKET_LIMITS.maxSymbolsPerSocket} symbols per connection`,
  otherUser: 'The new token belongs to another user',
  tooManyConnections: `Too many live-quote connections for this user (${MARKET_LIMITS.maxSocketsPerUser})`,
} as const;

/** WebSocket /ws/market: what the client sends. */
export const marketSubscriptionMessageSchema = z.object({
  type: z.enum(['subscribe', 'unsubscribe']),
  symbols: z.array(symbolSchema).min(1).max(MARKET_LIMITS.maxSymbolsPerSocket),
});
export const marketClientMessageSchema = z.discriminatedUnion('type', [
  marketSubscriptionMessageSchema,
  /** A fresh access token for a connection that outlives the one it opened with (same user). */
  z.object({ type: z.literal('auth'), token: text().min(1).max(4_096) }),
]);

/** WebSocket /ws/market: what the server pushes. */
export const marketServerMessageSchema = z.discriminatedUnion('type', [
  quoteSchema.extend({ type: z.literal('quote') }),
  z.object({ type: z.literal('heartbeat'), timestamp: isoTimestampSchema }),
  /** After each accepted subscribe or unsubscribe: every symbol the connection now follows. */
  z.object({ type: z.literal('subscribed'), symbols: z.array(text().max(12)) }),
  /** After an accepted `auth` message: the connection now rides on that token, valid until expiresAt. */
  z.object({ type: z.literal('authenticated'), expiresAt: isoTimestampSchema }),
  z.object({ type: z.literal('error'), error: text().max(300), code: text().max(40) }),
]);
export type MarketServerMessage = z.infer<typeof marketServerMessageSchema>;
