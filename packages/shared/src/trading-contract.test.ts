import { describe, expect, it } from 'vitest';
import {
  amendOrderRequestSchema,
  candleCount,
  DEFAULT_TRADING_PREFERENCES,
  historicalQuerySchema,
  MARKET_LIMITS,
  marketClientMessageSchema,
  marketDataQuerySchema,
  marketServerMessageSchema,
  orderRequestSchema,
  positionBatchRequestSchema,
  orderQueryRange,
  orderQuerySchema,
  tradingPreferencesPatchSchema,
  tradingPreferencesSchema,
  TRADING_MESSAGES,
} from './index';

const fields = (result: { error?: { issues: Array<{ path: PropertyKey[] }> } }) =>
  result.error?.issues.map((issue) => issue.path.join('.'));

describe('order request', () => {
  it('defaults to a market day order and keeps quantities as decimal text', () => {
    const order = orderRequestSchema.parse({ symbol: ' aapl ', side: 'buy', quantity: 10 });
    expect(order).toEqual({ symbol: 'AAPL', side: 'buy', quantity: '10', type: 'market', timeInForce: 'day' });
    expect(orderRequestSchema.parse({ symbol: 'EURUSD', side: 'sell', quantity: 0.1 }).quantity).toBe('0.1');
  });

  it('accepts the quick trade body (a market order with a display price)', () => {
    const order = orderRequestSchema.parse({ symbol: 'AAPL', side: 'buy', quantity: 10, price: 100 });
    expect(order.price).toBe('100');
  });

  it('requires the prices each order type uses, and refuses the ones it does not', () => {
    expect(fields(orderRequestSchema.safeParse({ symbol: 'A', side: 'buy', quantity: 1, type: 'limit' }))).toEqual([
      'price',
    ]);
    expect(fields(orderRequestSchema.safeParse({ symbol: 'A', side: 'buy', quantity: 1, type: 'stop' }))).toEqual([
      'stopPrice',
    ]);
    expect(fields(orderRequestSchema.safeParse({ symbol: 'A', side: 'buy', quantity: 1, type: 'stop_limit' }))).toEqual(
      ['price', 'stopPrice'],
    );
    expect(
      fields(
        orderRequestSchema.safeParse({ symbol: 'A', side: 'buy', quantity: 1, type: 'stop', stopPrice: 5, price: 4 }),
      ),
    ).toEqual(['price']);
    expect(
      fields(
        orderRequestSchema.safeParse({ symbol: 'A', side: 'buy', quantity: 1, type: 'limit', price: 5, stopPrice: 4 }),
      ),
    ).toEqual(['stopPrice']);
    const ok = orderRequestSchema.safeParse({
      symbol: 'XAUUSD',
      side: 'sell',
      quantity: '0.05',
      type: 'stop_limit',
      price: '2300.10',
      stopPrice: '2301',
      timeInForce: 'gtc',
    });
    expect(ok.success).toBe(true);
  });

  it('refuses zero, negative, exponent and float-noise quantities with a message naming the field', () => {
    for (const quantity of [0, -1, '0.000', '1e3', 'abc', '12345678901234567', '1.12345678901']) {
      const result = orderRequestSchema.safeParse({ symbol: 'AAPL', side: 'buy', quantity });
      expect(fields(result), String(quantity)).toEqual(['quantity']);
    }
    const zero = orderRequestSchema.safeParse({ symbol: 'AAPL', side: 'buy', quantity: 0 });
    expect(zero.error?.issues[0]?.message).toBe('quantity must be greater than 0');
    // a negative amount is a number, only not a positive one
    const negative = orderRequestSchema.safeParse({ symbol: 'AAPL', side: 'buy', quantity: '-5' });
    expect(negative.error?.issues.map((issue) => issue.message)).toEqual(['quantity must be greater than 0']);
    const word = orderRequestSchema.safeParse({ symbol: 'AAPL', side: 'buy', quantity: 'abc' });
    expect(word.error?.issues[0]?.message).toBe('quantity must be a decimal number such as 100.25');
  });

  it('writes the money in a cash refusal as the screens do', () => {
    expect(TRADING_MESSAGES.insufficientCash('501968.84', '98709.70')).toBe(
      'Insufficient cash: this order needs $501,968.84 and $98,709.70 is available',
    );
  });

  it('amends only pending-order fields and needs at least one', () => {
    expect(amendOrderRequestSchema.safeParse({ price: '101.5' }).success).toBe(true);
    expect(amendOrderRequestSchema.safeParse({}).error?.issues[0]?.message).toBe(TRADING_MESSAGES.amendNothing);
    expect(amendOrderRequestSchema.safeParse({ side: 'sell' }).success).toBe(false);
  });
});

describe('trade query', () => {
  it('pages with defaults and caps the page size', () => {
    expect(orderQuerySchema.parse({})).toEqual({ limit: 20, offset: 0 });
    expect(orderQuerySchema.parse({ limit: '10', offset: '30' })).toMatchObject({ limit: 10, offset: 30 });
    expect(fields(orderQuerySchema.safeParse({ limit: '101' }))).toEqual(['limit']);
  });

  it('reads a date-only end as the whole UTC day and refuses a start after the end', () => {
    const { from, to } = orderQueryRange({ startDate: '2026-03-01', endDate: '2026-03-01' });
    expect(from?.toISOString()).toBe('2026-03-01T00:00:00.000Z');
    expect(to?.toISOString()).toBe('2026-03-01T23:59:59.999Z');
    expect(fields(orderQuerySchema.safeParse({ startDate: '2026-03-02', endDate: '2026-03-01' }))).toEqual([
      'startDate',
    ]);
  });
});

describe('market queries and messages', () => {
  it('splits, upper-cases and de-duplicates the symbols list, at most 50', () => {
    expect(marketDataQuerySchema.parse({ symbols: 'aapl, MSFT,aapl,' }).symbols).toEqual(['AAPL', 'MSFT']);
    const many = Array.from({ length: 51 }, (_, i) => `S${i}`).join(',');
    expect(fields(marketDataQuerySchema.safeParse({ symbols: many }))).toEqual(['symbols']);
  });

  it('counts candles and refuses a range past the row cap with a clear message', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    expect(candleCount('1h', start, new Date('2027-01-01T00:00:00Z'))).toBe(8_760);
    expect(candleCount('1m', start, new Date('2026-01-01T00:30:30Z'))).toBe(31);
    const year = historicalQuerySchema.safeParse({
      timeframe: '1h',
      start: '2024-01-01T00:00:00Z',
      end: '2025-01-01T00:00:00Z',
    });
    expect(year.success).toBe(true);
    const tooMany = historicalQuerySchema.safeParse({
      timeframe: '1m',
      start: '2026-01-01T00:00:00Z',
      end: '2026-02-01T00:00:00Z',
    });
    expect(fields(tooMany)).toEqual(['end']);
    expect(tooMany.error?.issues[0]?.message).toContain(`at most ${MARKET_LIMITS.maxCandles}`);
    expect(fields(historicalQuerySchema.safeParse({ timeframe: '2h' }))).toEqual(['timeframe']);
  });

  it('validates WebSocket messages both ways', () => {
    expect(marketClientMessageSchema.parse({ type: 'subscribe', symbols: ['aapl'] })).toEqual({
      type: 'subscribe',
      symbols: ['AAPL'],
    });
    expect(marketClientMessageSchema.safeParse({ type: 'subscribe', symbols: [] }).success).toBe(false);
    expect(marketClientMessageSchema.parse({ type: 'auth', token: 'abc' })).toEqual({ type: 'auth', token: 'abc' });
    expect(marketClientMessageSchema.safeParse({ type: 'auth' }).success).toBe(false);
    expect(marketServerMessageSchema.parse({ type: 'subscribed', symbols: ['AAPL'] }).type).toBe('subscribed');
    const quote = {
      type: 'quote',
      symbol: 'AAPL',
      price: '230.15',
      bid: '230.15',
      ask: '230.16',
      changePercent: 0.42,
      volume: 1200,
      timestamp: '2026-03-01T10:00:00.000Z',
    };
    expect(marketServerMessageSchema.parse(quote)).toEqual(quote);
    expect(marketServerMessageSchema.safeParse({ ...quote, price: 230.15 }).success).toBe(false);
  });
});

describe('positions and preferences', () => {
  it('names a position by id or symbol and sets or clears its levels', () => {
    expect(
      positionBatchRequestSchema.safeParse({ updates: [{ symbol: 'AAPL', stopLoss: 200, takeProfit: null }] }).success,
    ).toBe(true);
    const both = positionBatchRequestSchema.safeParse({
      updates: [{ symbol: 'AAPL', positionId: '7b0c1f4e-0d6a-4c55-9d2e-111111111111', stopLoss: 1 }],
    });
    expect(fields(both)).toEqual(['updates.0.positionId']);
    expect(fields(positionBatchRequestSchema.safeParse({ updates: [{ symbol: 'AAPL' }] }))).toEqual([
      'updates.0.stopLoss',
    ]);
  });

  it('has the spec defaults and patches one field at a time', () => {
    expect(tradingPreferencesSchema.parse(DEFAULT_TRADING_PREFERENCES)).toEqual(DEFAULT_TRADING_PREFERENCES);
    expect(DEFAULT_TRADING_PREFERENCES).toMatchObject({ defaultOrderType: 'market', confirmOrders: true });
    expect(tradingPreferencesPatchSchema.parse({ darkMode: true })).toEqual({ darkMode: true });
    expect(tradingPreferencesPatchSchema.parse({ favoriteInstruments: ['aapl', 'AAPL'] })).toEqual({
      favoriteInstruments: ['AAPL'],
    });
    expect(tradingPreferencesPatchSchema.safeParse({}).success).toBe(false);
    expect(tradingPreferencesPatchSchema.safeParse({ theme: 'dark' }).success).toBe(false);
  });
});
