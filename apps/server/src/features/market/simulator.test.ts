import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TIMEFRAME_SECONDS, TIMEFRAMES, type Candle, type Quote, type Timeframe } from '@tp/shared';
import { findInstrument, INSTRUMENTS, parseScaled, type InstrumentSpec } from './instruments';
import {
  createCurrentQuotes,
  createSimulator,
  simulatedCandles,
  simulatedQuote,
  simulatedSnapshots,
} from './simulator';

const units = (spec: InstrumentSpec, price: string) => parseScaled(price, spec.tick.scale)!;
const second = (iso: string) => Date.parse(iso) / 1_000;

const instrument = fc.constantFrom(...INSTRUMENTS);
const timeframe = fc.constantFrom(...TIMEFRAMES);
/** Any second from 2000 to 2035. */
const instant = fc.integer({ min: second('2000-01-01T00:00:00Z'), max: second('2035-01-01T00:00:00Z') });

/** The one whole bar of `timeframe` that contains `at`. */
function barContaining(spec: InstrumentSpec, tf: Timeframe, at: number): Candle {
  const size = TIMEFRAME_SECONDS[tf];
  const start = Math.floor(at / size) * size;
  const candles = simulatedCandles(spec, tf, start, start + size - 1);
  expect(candles).toHaveLength(1);
  return candles[0]!;
}

function aggregate(spec: InstrumentSpec, parts: Candle[]) {
  return {
    open: parts[0]!.open,
    close: parts.at(-1)!.close,
    high: Math.max(...parts.map((c) => units(spec, c.high))),
    low: Math.min(...parts.map((c) => units(spec, c.low))),
    volume: parts.reduce((sum, c) => sum + c.volume, 0),
  };
}

describe('simulator: a pure function of (symbol, time)', () => {
  it('gives the same quote and candles on every call', () => {
    fc.assert(
      fc.property(instrument, instant, timeframe, (spec, at, tf) => {
        expect(simulatedQuote(spec, at)).toEqual(simulatedQuote(spec, at));
        expect(simulatedCandles(spec, tf, at - 3 * TIMEFRAME_SECONDS[tf], at)).toEqual(
          simulatedCandles(spec, tf, at - 3 * TIMEFRAME_SECONDS[tf], at),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('gives the figures another process computed (recorded when the model was written)', () => {
    const at = second('2026-03-10T14:30:00Z');
    expect(simulatedQuote(findInstrument('AAPL')!, at)).toEqual({
      symbol: 'AAPL',
      price: '223.94',
      bid: '223.94',
      ask: '223.95',
      changePercent: -0.45,
      volume: 27452633,
      timestamp: '2026-03-10T14:30:00.000Z',
    });
    expect(simulatedQuote(findInstrument('EURUSD')!, at)).toMatchObject({
      price: '1.07647',
      bid: '1.07643',
      ask: '1.07651',
    });
    expect(simulatedQuote(findInstrument('WHEAT')!, at)).toMatchObject({ price: '5.9550', ask: '5.9575' });
    expect(
      simulatedCandles(findInstrument('AAPL')!, '1d', second('2025-01-01T00:00:00Z'), second('2025-01-01T12:00:00Z')),
    ).toEqual([
      {
        time: '2025-01-01T00:00:00.000Z',
        open: '241.39',
        high: '243.48',
        low: '236.85',
        close: '238.01',
        volume: 42363557,
      },
    ]);
  });
});

describe('simulator: candles', () => {
  it('are valid OHLCV on the tick grid, aligned, and each opens where the previous closed', () => {
    fc.assert(
      fc.property(instrument, instant, timeframe, fc.integer({ min: 1, max: 40 }), (spec, at, tf, count) => {
        const size = TIMEFRAME_SECONDS[tf];
        const candles = simulatedCandles(spec, tf, at, at + count * size - 1);
        expect(candles.length).toBeGreaterThanOrEqual(count);
        candles.forEach((candle, i) => {
          const [open, high, low, close] = [candle.open, candle.high, candle.low, candle.close].map((p) =>
            units(spec, p),
          );
          expect(low).toBeLessThanOrEqual(Math.min(open!, close!));
          expect(high).toBeGreaterThanOrEqual(Math.max(open!, close!));
          expect(low).toBeGreaterThan(0);
          for (const price of [open!, high!, low!, close!]) expect(price % spec.tick.units).toBe(0);
          expect(Number.isInteger(candle.volume) && candle.volume >= 0).toBe(true);
          expect((Date.parse(candle.time) / 1_000) % size).toBe(0);
          if (i > 0) expect(candle.open).toBe(candles[i - 1]!.close);
        });
      }),
      { numRuns: 150 },
    );
  });

  it('hold the price, bid and ask of every second they contain', () => {
    fc.assert(
      fc.property(instrument, instant, timeframe, (spec, at, tf) => {
        const quote = simulatedQuote(spec, at);
        const bar = barContaining(spec, tf, at);
        const [bid, price, ask] = [quote.bid, quote.price, quote.ask].map((p) => units(spec, p));
        expect(units(spec, bar.low)).toBeLessThanOrEqual(bid!);
        expect(bid!).toBeLessThanOrEqual(price!);
        expect(price!).toBeLessThanOrEqual(ask!);
        expect(ask!).toBeLessThanOrEqual(units(spec, bar.high));
      }),
      { numRuns: 300 },
    );
  });

  it('of one minute are exactly its 60 seconds: first and last price, highest ask, lowest bid, summed volume', () => {
    fc.assert(
      fc.property(instrument, instant, (spec, at) => {
        const start = Math.floor(at / 60) * 60;
        const seconds = simulatedSnapshots(spec, start, start + 59);
        const quotes = Array.from({ length: 61 }, (_, j) => simulatedQuote(spec, start - 1 + j));
        const traded = (q: Quote, previous: Quote) =>
          q.timestamp.endsWith('00:00:00.000Z') ? q.volume : q.volume - previous.volume;
        const candle = barContaining(spec, '1m', at);
        expect(seconds).toHaveLength(60);
        expect(candle.open).toBe(quotes[1]!.price);
        expect(candle.close).toBe(quotes[60]!.price);
        expect(units(spec, candle.high)).toBe(Math.max(...seconds.map((s) => s.ask)));
        expect(units(spec, candle.low)).toBe(Math.min(...seconds.map((s) => s.bid)));
        expect(candle.volume).toBe(quotes.slice(1).reduce((sum, q, j) => sum + traded(q, quotes[j]!), 0));
      }),
      { numRuns: 60 },
    );
  });

  it('of each timeframe aggregate the next shorter one exactly', () => {
    const finer: Array<[Timeframe, Timeframe]> = [
      ['5m', '1m'],
      ['15m', '5m'],
      ['1h', '15m'],
      ['1d', '1h'],
    ];
    fc.assert(
      fc.property(instrument, instant, fc.constantFrom(...finer), (spec, at, [coarse, fine]) => {
        const size = TIMEFRAME_SECONDS[coarse];
        const start = Math.floor(at / size) * size;
        const [bar] = simulatedCandles(spec, coarse, start, start + size - 1);
        const parts = simulatedCandles(spec, fine, start, start + size - 1);
        expect(parts).toHaveLength(size / TIMEFRAME_SECONDS[fine]);
        expect(aggregate(spec, parts)).toEqual({
          open: bar!.open,
          close: bar!.close,
          high: units(spec, bar!.high),
          low: units(spec, bar!.low),
          volume: bar!.volume,
        });
      }),
      { numRuns: 80 },
    );
  });

  it('cut at an instant show the bar as it stood then: closing at that second’s price, inside the whole bar', () => {
    fc.assert(
      fc.property(instrument, instant, timeframe, (spec, at, tf) => {
        const size = TIMEFRAME_SECONDS[tf];
        const start = Math.floor(at / size) * size;
        const [partial] = simulatedCandles(spec, tf, start, at);
        const whole = barContaining(spec, tf, at);
        expect(partial!.open).toBe(whole.open);
        expect(partial!.close).toBe(simulatedQuote(spec, at).price);
        expect(units(spec, partial!.high)).toBeLessThanOrEqual(units(spec, whole.high));
        expect(units(spec, partial!.low)).toBeGreaterThanOrEqual(units(spec, whole.low));
        expect(partial!.volume).toBeLessThanOrEqual(whole.volume);
      }),
      { numRuns: 100 },
    );
  });
});

describe('simulator: realism', () => {
  const logReturns = (candles: Candle[]) =>
    candles.slice(1).map((c, i) => Math.log(Number(c.close) / Number(candles[i]!.close)));
  const sd = (xs: number[]) => {
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    return Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1));
  };

  it('moves with each instrument’s volatility, from seconds to days, and stays near its base over a decade', () => {
    const tolerance = { '1d': [0.6, 1.6], '1m': [0.7, 1.3] } as const;
    for (const spec of INSTRUMENTS) {
      const days = simulatedCandles(spec, '1d', second('2016-01-01T00:00:00Z'), second('2026-01-01T00:00:00Z') - 1);
      const minutes = simulatedCandles(spec, '1m', second('2026-02-02T00:00:00Z'), second('2026-02-04T00:00:00Z') - 1);
      const configured = spec.model.sigmaSecond * Math.sqrt(365.25 * 86_400);
      const daily = sd(logReturns(days)) * Math.sqrt(365.25);
      const intraday = sd(logReturns(minutes)) * Math.sqrt(365.25 * 1_440);
      expect(daily / configured, `${spec.symbol} daily`).toBeGreaterThan(tolerance['1d'][0]);
      expect(daily / configured, `${spec.symbol} daily`).toBeLessThan(tolerance['1d'][1]);
      expect(intraday / configured, `${spec.symbol} intraday`).toBeGreaterThan(tolerance['1m'][0]);
      expect(intraday / configured, `${spec.symbol} intraday`).toBeLessThan(tolerance['1m'][1]);
      const base = Math.exp(spec.model.logBase);
      for (const day of days) {
        expect(Number(day.close) / base).toBeGreaterThan(0.25);
        expect(Number(day.close) / base).toBeLessThan(4);
      }
    }
  });

  it('reports the change from the UTC day’s open and the volume traded since', () => {
    const spec = findInstrument('MSFT')!;
    const at = second('2026-04-01T15:45:12Z');
    const quote = simulatedQuote(spec, at);
    const [today] = simulatedCandles(spec, '1d', second('2026-04-01T00:00:00Z'), at);
    const open = units(spec, today!.open);
    expect(quote.changePercent).toBe(Math.round(((units(spec, quote.price) - open) / open) * 10_000) / 100);
    expect(quote.volume).toBe(today!.volume);
  });
});

describe('simulator: the provider', () => {
  afterEach(() => vi.useRealTimers());
  const now = Date.parse('2026-05-05T10:20:30.250Z');

  it('never answers past now: the last candle ends at the current second', async () => {
    const market = createSimulator({ clock: () => now });
    const candles = await market.candles(
      'AAPL',
      '1h',
      new Date('2026-05-05T08:00:00Z'),
      new Date('2026-05-06T00:00:00Z'),
    );
    expect(candles!.map((c) => c.time)).toEqual([
      '2026-05-05T08:00:00.000Z',
      '2026-05-05T09:00:00.000Z',
      '2026-05-05T10:00:00.000Z',
    ]);
    expect(candles!.at(-1)!.close).toBe((await market.quote('AAPL'))!.price);
    expect(await market.candles('AAPL', '1m', new Date(now + 60_000), new Date(now + 120_000))).toEqual([]);
    const snapshots = await market.snapshots('AAPL', new Date(now - 5_000), new Date(now + 60_000));
    expect(snapshots!.map((s) => s.second)).toEqual([0, 1, 2, 3, 4, 5].map((i) => Math.floor(now / 1_000) - 5 + i));
  });

  it('answers null for an unknown symbol and refuses ranges past the row cap', async () => {
    const market = createSimulator({ clock: () => now });
    expect(await market.quote('NOPE')).toBeNull();
    expect(await market.candles('NOPE', '1m', new Date(now - 60_000), new Date(now))).toBeNull();
    expect((await market.quotes(['MSFT', 'NOPE', 'aapl', 'AAPL'])).map((q) => q.symbol)).toEqual(['MSFT', 'AAPL']);
    await expect(market.candles('AAPL', '1m', new Date('2026-01-01T00:00:00Z'), new Date(now))).rejects.toThrow(
      /at most 10000/,
    );
  });

  it('ticks once a second per symbol on the wall-clock second until unsubscribed', async () => {
    vi.useFakeTimers({ now });
    const market = createSimulator();
    const seen: Quote[] = [];
    const stop = market.subscribe(['AAPL', 'EURUSD', 'NOPE'], (quote) => seen.push(quote));
    await vi.advanceTimersByTimeAsync(749);
    expect(seen).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(seen.map((q) => [q.symbol, q.timestamp])).toEqual([
      ['AAPL', '2026-05-05T10:20:31.000Z'],
      ['EURUSD', '2026-05-05T10:20:31.000Z'],
    ]);
    await vi.advanceTimersByTimeAsync(3_000);
    expect(seen.map((q) => q.timestamp).slice(-2)).toEqual(['2026-05-05T10:20:34.000Z', '2026-05-05T10:20:34.000Z']);
    expect(seen).toHaveLength(8);
    expect(seen[2]).toEqual(simulatedQuote(findInstrument('AAPL')!, second('2026-05-05T10:20:32Z')));
    stop();
    // nothing more once stopped (the timer count is not asserted: test workers are shared, and
    // another file's sockets may set timers while the fake clock is installed)
    await vi.advanceTimersByTimeAsync(5_000);
    expect(seen).toHaveLength(8);
  });

  it('keeps ticking for the other subscribers when one throws', async () => {
    vi.useFakeTimers({ now });
    const errors: unknown[] = [];
    const market = createSimulator({ onListenerError: (error) => errors.push(error) });
    const seen: string[] = [];
    const stopBad = market.subscribe(['AAPL'], () => {
      throw new Error('socket gone');
    });
    const stopGood = market.subscribe(['AAPL'], (quote) => seen.push(quote.timestamp));
    await vi.advanceTimersByTimeAsync(2_000);
    expect(seen).toHaveLength(2);
    expect(errors).toHaveLength(2);
    stopBad();
    stopGood();
  });

  it('computes a quote once per symbol and second, shared by every read of that second', async () => {
    let clock = now;
    const market = createSimulator({ clock: () => clock });
    const [aapl, msft] = await market.quotes(['AAPL', 'MSFT']);
    expect(await market.quote('AAPL')).toBe(aapl);
    expect((await market.quotes(['MSFT']))[0]).toBe(msft);
    expect(Object.isFrozen(aapl)).toBe(true);
    // later in the same second: the same quote; the next second: that second's quote
    clock = now + 700;
    expect(await market.quote('AAPL')).toBe(aapl);
    clock = now + 750;
    const next = (await market.quote('AAPL'))!;
    expect(next).toEqual(simulatedQuote(findInstrument('AAPL')!, Math.floor(now / 1_000) + 1));
    expect(next.timestamp).not.toBe(aapl!.timestamp);
  });

  it('holds only the newest second: an earlier second is computed, not served from or into the memo', () => {
    const computed: number[] = [];
    const quotes = createCurrentQuotes((spec, at) => (computed.push(at), simulatedQuote(spec, at)));
    const spec = findInstrument('AAPL')!;
    const at = Math.floor(now / 1_000);
    expect(quotes.at(spec, at)).toBe(quotes.at(spec, at));
    expect(quotes.at(spec, at - 1)).toEqual(simulatedQuote(spec, at - 1));
    expect(quotes.at(spec, at).timestamp).toBe(simulatedQuote(spec, at).timestamp);
    expect(computed).toEqual([at, at - 1]);
  });
});
