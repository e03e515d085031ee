import type { Candle, Quote, Timeframe } from '@tp/shared';
import type { InstrumentSpec } from './instruments';

/**
 * Where quotes and candles come from (MARKET_PROVIDER; docs/trading.md#2-the-simulator). The default is the
 * simulator; a real feed plugs in behind the same interface. Everything is asynchronous because a
 * real adapter talks to the network. No provider answers for an instant later than now.
 */
export interface MarketProvider {
  readonly name: string;
  readonly instruments: readonly InstrumentSpec[];
  /** The market's clock, ms since the epoch: the instant quotes, fills and order times are taken at. */
  now(): number;
  instrument(symbol: string): InstrumentSpec | undefined;
  /** The quote of the current second, or null for an unknown symbol. */
  quote(symbol: string): Promise<Quote | null>;
  /** Quotes of the current second for the known symbols among `symbols`, in their order. */
  quotes(symbols: readonly string[]): Promise<Quote[]>;
  /** Bars overlapping [start, end), up to now (the bar in progress ends at the current second); null for an unknown symbol. */
  candles(symbol: string, timeframe: Timeframe, start: Date, end: Date): Promise<Candle[] | null>;
  /** The market second by second over [from, to] (at most MAX_SNAPSHOT_SECONDS, up to now), for the fill engine. */
  snapshots(symbol: string, from: Date, to: Date): Promise<MarketSnapshot[] | null>;
  /** One quote per symbol per second, on the wall-clock second, until the returned function is called. */
  subscribe(symbols: readonly string[], onQuote: (quote: Quote) => void): () => void;
}

export const MAX_SNAPSHOT_SECONDS = 3_600;

export type OrderBookSide = 'bid' | 'ask';

/** The market at one second, in the instrument's integer price units (see InstrumentSpec.tick). */
export interface MarketSnapshot {
  symbol: string;
  /** Epoch second. */
  second: number;
  price: number;
  bid: number;
  ask: number;
  /** The 1-minute bar so far, from its first second to this one: its lowest bid and highest ask. */
  barLow: number;
  barHigh: number;
  /** Quantity steps offered `level` ticks beyond the best price on `side` (level 0 is the touch). */
  depth(side: OrderBookSide, level: number): number;
}
