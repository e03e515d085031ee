import { describe, expect, it } from 'vitest';
import {
  historicalResponseSchema,
  instrumentsResponseSchema,
  MARKET_LIMITS,
  marketDataResponseSchema,
  quoteResponseSchema,
} from '@tp/shared';
import { useTestApp, errorFields } from '../../test/kit';
import { createSimulator } from './simulator';

const NOW = Date.parse('2026-03-02T14:30:15.000Z');

describe('market data over HTTP', () => {
  const t = useTestApp({}, { market: createSimulator({ clock: () => NOW }) });

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('lists the instruments with their class, tick and lot rules, without signing in', async () => {
    const res = await get('/api/market/instruments');
    expect(res.statusCode).toBe(200);
    const { data, timestamp } = instrumentsResponseSchema.parse(res.json());
    expect(timestamp).toBe(new Date(NOW).toISOString());
    expect(data.map((i) => i.symbol)).toEqual([
      'AAPL',
      'GOOGL',
      'MSFT',
      'TSLA',
      'AMZN',
      'EURUSD',
      'GBPUSD',
      'AUDUSD',
      // each of the desk's other currencies against the dollar (docs/desk.md)
      ...['JPY', 'CHF', 'CAD', 'CNY', 'INR', 'BRL', 'MXN', 'ZAR', 'TRY', 'VND'].map((code) => `${code}USD`),
      'XAUUSD',
      'COTTON',
      'COFFEE',
      'WHEAT',
    ]);
    expect(data.find((i) => i.symbol === 'EURUSD')).toMatchObject({
      class: 'fx',
      tickSize: '0.00001',
      quantityUnit: 'lot',
      lotSize: '100000',
      minQuantity: '0.01',
    });
    // each instrument's unit and contract size: what the order ticket writes beside a quantity and
    // multiplies into an order's value (quantity × lot size × price, in USD)
    const units = Object.fromEntries(data.map((i) => [i.symbol, [i.currency, i.quantityUnit, i.lotSize, i.priceUnit]]));
    expect(units).toMatchObject({
      AAPL: ['USD', 'share', '1', 'share'],
      EURUSD: ['USD', 'lot', '100000', 'EUR'],
      XAUUSD: ['USD', 'lot', '100', 'oz'],
      COTTON: ['USD', 'lot', '50000', 'lb'],
      COFFEE: ['USD', 'lot', '37500', 'lb'],
      WHEAT: ['USD', 'lot', '5000', 'bushel'],
    });
  });

  it('quotes several symbols and one symbol, the same for the same second', async () => {
    const res = await get('/api/market/data?symbols=aapl,%20MSFT,EURUSD,aapl');
    expect(res.statusCode).toBe(200);
    const { data } = marketDataResponseSchema.parse(res.json());
    expect(data.map((q) => q.symbol)).toEqual(['AAPL', 'MSFT', 'EURUSD']);
    const quote = quoteResponseSchema.parse((await get('/api/market/quote/AAPL')).json()).data;
    expect(quote).toEqual(data[0]);
    expect(quote.timestamp).toBe('2026-03-02T14:30:15.000Z');
    expect(Number(quote.bid)).toBeLessThanOrEqual(Number(quote.price));
    expect(Number(quote.ask)).toBeGreaterThan(Number(quote.bid));
  });

  it('answers 404 naming an unknown symbol, and 400 naming a bad list', async () => {
    const unknown = await get('/api/market/quote/NOPE');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: 'Unknown symbol: NOPE', code: 'NOT_FOUND' });
    const mixed = await get('/api/market/data?symbols=AAPL,NOPE,ZZZ');
    expect(mixed.statusCode).toBe(404);
    expect(mixed.json().error).toBe('Unknown symbol: NOPE; Unknown symbol: ZZZ');
    expect((await get('/api/market/historical/NOPE?timeframe=1h')).statusCode).toBe(404);

    const many = Array.from({ length: MARKET_LIMITS.maxSymbolsPerRequest + 1 }, (_, i) => `S${i}`).join(',');
    for (const url of ['/api/market/data', '/api/market/data?symbols=', `/api/market/data?symbols=${many}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(errorFields(res.json())).toEqual(['symbols']);
    }
    expect(errorFields((await get('/api/market/quote/A$B')).json())).toEqual(['symbol']);
  });

  it('serves candles: valid OHLCV, the same on every call, the bar in progress cut at now', async () => {
    const url = '/api/market/historical/XAUUSD?timeframe=15m&start=2026-03-02T10:00:00Z&end=2026-03-02T16:00:00Z';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const { data } = historicalResponseSchema.parse(first.json());
    // 10:00 up to the bar in progress at 14:30:15 (nothing later than now)
    expect(data.candles).toHaveLength(19);
    expect(data.candles.at(-1)!.time).toBe('2026-03-02T14:30:00.000Z');
    for (const c of data.candles) {
      const [open, high, low, close] = [c.open, c.high, c.low, c.close].map(Number) as [number, number, number, number];
      expect(low).toBeLessThanOrEqual(Math.min(open, close));
      expect(high).toBeGreaterThanOrEqual(Math.max(open, close));
    }
    expect((await get(url)).body).toBe(first.body);

    const defaults = historicalResponseSchema.parse((await get('/api/market/historical/AAPL')).json()).data;
    expect(defaults.timeframe).toBe('1h');
    expect(defaults.candles).toHaveLength(100);
  });

  it('answers a year of hourly candles, and refuses a range past the row limit naming the field', async () => {
    const year = await get(
      '/api/market/historical/AAPL?timeframe=1h&start=2025-01-01T00:00:00Z&end=2026-01-01T00:00:00Z',
    );
    expect(year.statusCode).toBe(200);
    expect(historicalResponseSchema.parse(year.json()).data.candles).toHaveLength(8_760);

    const tooLong = await get(
      '/api/market/historical/AAPL?timeframe=1m&start=2026-01-01T00:00:00Z&end=2026-02-01T00:00:00Z',
    );
    expect(tooLong.statusCode).toBe(400);
    expect(errorFields(tooLong.json())).toEqual(['end']);
    expect(tooLong.json().error).toContain('at most 10000');
    const openEnded = await get('/api/market/historical/AAPL?timeframe=1m&start=2025-01-01T00:00:00Z');
    expect(errorFields(openEnded.json())).toEqual(['start']);
    const reversed = await get('/api/market/historical/AAPL?start=2026-03-02T00:00:00Z&end=2026-03-01T00:00:00Z');
    expect(errorFields(reversed.json())).toEqual(['start']);
    expect(errorFields((await get('/api/market/historical/AAPL?timeframe=2h')).json())).toEqual(['timeframe']);
    expect(errorFields((await get('/api/market/historical/AAPL?start=yesterday')).json())).toEqual(['start']);
  });
});
