import { MARKET_LIMITS, MARKET_MESSAGES, candleCount, type Candle, type Quote, type Timeframe } from '@tp/shared';
import { findInstrument, formatPrice, INSTRUMENTS, type InstrumentSpec } from './instruments';
import { MAX_SNAPSHOT_SECONDS, type OrderBookSide, type MarketProvider, type MarketSnapshot } from './market-provider';
import { hash, uniform } from './noise';
import { forEachBar, instantAt, lastSecondOf, MINUTE_LEVEL, prefixBar, secondPath } from './price-tree';
import { createCandleMemo } from './candle-memo';
import { createSnapshotMemo } from './snapshot-memo';

/**
 * The default market: a pure function of (symbol, second) over the price tree in price-tree.ts.
 * The path is a mid price; each second the market trades at a bid and an ask a fixed number of
 * ticks either side, so a bar's high is its highest ask and its low its lowest bid, and a fill at
 * the touch of any second lies inside every bar that contains that second.
 */

const LEVEL_OF: Record<Timeframe, number> = { '1d': 0, '1h': 1, '15m': 2, '5m': 3, '1m': MINUTE_LEVEL };
const DEPTH_STREAM = 60;

/** Log price → integer price units on the tick grid (monotone, at least one tick). */
export function priceUnits(spec: InstrumentSpec, value: number): number {
  return Math.max(1, Math.round(Math.exp(value) / spec.tickValue)) * spec.tick.units;
}
const bidOf = (spec: InstrumentSpec, price: number) =>
  Math.max(spec.tick.units, price - spec.bidTicks * spec.tick.units);
const askOf = (spec: InstrumentSpec, price: number) => price + spec.askTicks * spec.tick.units;

const isoOf = (second: number) => new Date(second * 1_000).toISOString();
const two = (n: number) => (n < 10 ? `0${n}` : String(n));

/** ISO 8601 of epoch seconds, formatting each date and each time of day once (candle ranges are long). */
function isoFormatter(): (second: number) => string {
  let day = NaN;
  let prefix = '';
  const times = new Map<number, string>();
  return (second) => {
    const today = Math.floor(second / 86_400);
    if (today !== day) {
      day = today;
      prefix = isoOf(day * 86_400).slice(0, 11);
    }
    const time = second - day * 86_400;
    let suffix = times.get(time);
    if (suffix === undefined) {
      suffix = `${two(Math.floor(time / 3_600))}:${two(Math.floor(time / 60) % 60)}:${two(time % 60)}.000Z`;
      times.set(time, suffix);
    }
    return prefix + suffix;
  };
}

export function simulatedQuote(spec: InstrumentSpec, second: number): Quote {
  const instant = instantAt(spec.model, second);
  const price = priceUnits(spec, instant.value);
  const open = priceUnits(spec, instant.dayOpen);
  return {
    symbol: spec.symbol,
    price: formatPrice(spec, price),
    bid: formatPrice(spec, bidOf(spec, price)),
    ask: formatPrice(spec, askOf(spec, price)),
    changePercent: Math.round(((price - open) / open) * 10_000) / 100,
    volume: instant.dayVolume,
    timestamp: isoOf(second),
  };
}

/** Bars of `timeframe` overlapping the epoch seconds [from, to]; the last is cut at `to`. */
export function simulatedCandles(spec: InstrumentSpec, timeframe: Timeframe, from: number, to: number): Candle[] {
  const candles: Candle[] = [];
  const iso = isoFormatter();
  const format = (value: number) => formatPrice(spec, priceUnits(spec, value));
  let previous: Candle | undefined;
  forEachBar(spec.model, LEVEL_OF[timeframe], from, to, (whole) => {
    const bar = lastSecondOf(whole) > to ? prefixBar(spec.model, whole, to) : whole;
    const candle: Candle = {
      time: iso(bar.start),
      // a bar opens where the previous one closed: the same value, formatted once
      open: previous ? previous.close : format(bar.open),
      high: formatPrice(spec, askOf(spec, priceUnits(spec, bar.high))),
      low: formatPrice(spec, bidOf(spec, priceUnits(spec, bar.low))),
      close: format(bar.close),
      volume: bar.volume,
    };
    candles.push(candle);
    previous = candle;
  });
  return candles;
}

/** Simulated order book depth: grows with the distance from the touch, varies second by second. */
export function simulatedDepth(spec: InstrumentSpec, second: number, side: OrderBookSide, level: number): number {
  const jitter = 0.5 + uniform(hash(spec.model.seed, DEPTH_STREAM, second, level * 2 + (side === 'ask' ? 1 : 0)));
  return Math.max(1, Math.round(spec.touchSteps * (1 + level / 2) * jitter));
}

/** The market second by second over [from, to], each with its minute bar so far. */
export function simulatedSnapshots(spec: InstrumentSpec, from: number, to: number): MarketSnapshot[] {
  const snapshots: MarketSnapshot[] = [];
  forEachBar(spec.model, MINUTE_LEVEL, from, to, (minute) => {
    const { values } = secondPath(spec.model, minute);
    let high = -Infinity;
    let low = Infinity;
    for (let j = 0; j < 60; j++) {
      const second = minute.start + j;
      if (second > to) break;
      high = Math.max(high, values[j]!);
      low = Math.min(low, values[j]!);
      if (second < from) continue;
      const price = priceUnits(spec, values[j]!);
      snapshots.push({
        symbol: spec.symbol,
        second,
        price,
        bid: bidOf(spec, price),
        ask: askOf(spec, price),
        barLow: bidOf(spec, priceUnits(spec, low)),
        barHigh: askOf(spec, priceUnits(spec, high)),
        depth: (side, level) => simulatedDepth(spec, second, side, level),
      });
    }
  });
  return snapshots;
}

/**
 * The quotes of the second being answered, computed once per (symbol, second) and shared by every
 * request and every subscriber of that second: a quote depends on nothing else. Only the newest
 * second asked for is held; a read in a later second computes that second's quotes, so no answer
 * is older than the second it is given in. Quotes are frozen, since every caller shares them.
 */
export function createCurrentQuotes(compute: (spec: InstrumentSpec, second: number) => Quote = simulatedQuote) {
  let heldSecond = NaN;
  let held = new Map<string, Quote>();
  return {
    at(spec: InstrumentSpec, second: number): Quote {
      if (second !== heldSecond) {
        // an older second (a clock that went back) is computed, never held over the newest one
        if (second < heldSecond) return Object.freeze(compute(spec, second));
        heldSecond = second;
        held = new Map();
      }
      let quote = held.get(spec.symbol);
      if (!quote) held.set(spec.symbol, (quote = Object.freeze(compute(spec, second))));
      return quote;
    },
  };
}

export interface SimulatorOptions {
  /** Milliseconds since the epoch; Date.now by default. */
  clock?: () => number;
  /** Where an exception thrown by a subscriber goes; rethrown asynchronously by default. */
  onListenerError?: (error: unknown) => void;
}

interface Listener {
  symbols: readonly InstrumentSpec[];
  onQuote: (quote: Quote) => void;
}

export function createSimulator(options: SimulatorOptions = {}): MarketProvider {
  const clock = options.clock ?? Date.now;
  const nowSecond = () => Math.floor(clock() / 1_000);
  const known = (symbols: readonly string[]) => [
    ...new Set(
      symbols.map((symbol) => findInstrument(symbol)).filter((spec): spec is InstrumentSpec => spec !== undefined),
    ),
  ];

  const listeners = new Set<Listener>();
  const currentQuotes = createCurrentQuotes();
  /** Single seconds: every order and portfolio read of a second asks for that second alone. */
  const singleSeconds = createSnapshotMemo((spec, second) => simulatedSnapshots(spec, second, second)[0]!);
  /** Closed bars: every chart and risk read of a symbol asks for the same ones until the next bar closes. */
  const candleMemo = createCandleMemo(simulatedCandles);
  let timer: ReturnType<typeof setTimeout> | undefined;

  // one timer for all subscribers, on the wall-clock second; each quote is computed once per tick
  // (not jobs.every: a market provider has no job queue, ticks only while subscribed, and keeps to the second)
  const schedule = () => {
    timer = setTimeout(tick, 1_000 - (clock() % 1_000));
    timer.unref?.();
  };
  const tick = () => {
    const second = nowSecond();
    for (const listener of [...listeners]) {
      for (const spec of listener.symbols) {
        const quote = currentQuotes.at(spec, second);
        try {
          listener.onQuote(quote);
        } catch (error) {
          if (options.onListenerError) options.onListenerError(error);
          else
            queueMicrotask(() => {
              throw error;
            });
        }
      }
    }
    if (listeners.size > 0) schedule();
    else timer = undefined;
  };

  return {
    name: 'simulated',
    instruments: INSTRUMENTS,
    now: clock,
    instrument: findInstrument,
    async quote(symbol) {
      const spec = findInstrument(symbol);
      return spec ? currentQuotes.at(spec, nowSecond()) : null;
    },
    async quotes(symbols) {
      const second = nowSecond();
      return known(symbols).map((spec) => currentQuotes.at(spec, second));
    },
    async candles(symbol, timeframe, start, end) {
      const spec = findInstrument(symbol);
      if (!spec) return null;
      const count = candleCount(timeframe, start, end);
      if (count > MARKET_LIMITS.maxCandles) throw new RangeError(MARKET_MESSAGES.tooManyCandles(count));
      const from = Math.floor(start.getTime() / 1_000);
      const to = Math.min(Math.ceil(end.getTime() / 1_000) - 1, nowSecond());
      return to < from ? [] : candleMemo.candles(spec, timeframe, from, to);
    },
    async snapshots(symbol, from, to) {
      const spec = findInstrument(symbol);
      if (!spec) return null;
      const first = Math.floor(from.getTime() / 1_000);
      const last = Math.min(Math.floor(to.getTime() / 1_000), nowSecond(), first + MAX_SNAPSHOT_SECONDS - 1);
      if (last < first) return [];
      return last === first ? [singleSeconds.at(spec, first)] : simulatedSnapshots(spec, first, last);
    },
    subscribe(symbols, onQuote) {
      const listener: Listener = { symbols: known(symbols), onQuote };
      listeners.add(listener);
      if (!timer) schedule();
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0 && timer) {
          clearTimeout(timer);
          timer = undefined;
        }
      };
    },
  };
}
