import { LRUCache } from 'lru-cache';
import { TIMEFRAME_SECONDS, type Candle, type Timeframe } from '@tp/shared';
import type { InstrumentSpec } from './instruments';

/** Candles held at most, over every entry: a candle is about 200 bytes, so ≈ 40 MB at worst. */
export const CANDLE_MEMO_CANDLES = 200_000;

/**
 * Candles shared by every request (docs/trading.md#2-the-simulator): the market is a pure function
 * of (symbol, second), so a bar that has closed never changes, while the bar in progress changes
 * every second. The closed bars of a range are computed once per (symbol, timeframe, first second,
 * last closed second) — any first second inside the same bar gives the same bars — and reused
 * until the next bar closes; the bar in progress is computed fresh on every call and joined to them
 * as the simulator joins bars (it opens at the previous bar's close). Bounded by the number of
 * candles held (least recently used first out).
 */
export interface CandleMemo {
  /** Exactly `compute(spec, timeframe, from, to)`, the closed bars taken from the memo. */
  candles(spec: InstrumentSpec, timeframe: Timeframe, from: number, to: number): Candle[];
  /** Candles held. */
  readonly size: number;
}

type Compute = (spec: InstrumentSpec, timeframe: Timeframe, from: number, to: number) => Candle[];

export function createCandleMemo(compute: Compute, maxCandles = CANDLE_MEMO_CANDLES): CandleMemo {
  const closed = new LRUCache<string, readonly Candle[]>({
    maxSize: maxCandles,
    // an empty range still takes a slot
    sizeCalculation: (candles) => Math.max(1, candles.length),
  });
  const closedBars = (spec: InstrumentSpec, timeframe: Timeframe, from: number, through: number) => {
    const key = `${spec.symbol}|${timeframe}|${from}|${through}`;
    let candles = closed.get(key);
    if (!candles) {
      candles = Object.freeze(compute(spec, timeframe, from, through).map((candle) => Object.freeze(candle)));
      if (candles.length <= maxCandles) closed.set(key, candles);
    }
    return candles;
  };
  return {
    candles(spec, timeframe, from, to) {
      const step = TIMEFRAME_SECONDS[timeframe];
      // bars start on multiples of their length (epoch seconds, days at 00:00 UTC)
      const openStart = Math.floor(to / step) * step;
      if (to === openStart + step - 1) return closedBars(spec, timeframe, Math.floor(from / step) * step, to).slice();
      if (openStart - 1 < from) return compute(spec, timeframe, from, to);
      // the bars overlapping [from, to] are whole bars: the first is the same from any second in it
      const before = closedBars(spec, timeframe, Math.floor(from / step) * step, openStart - 1);
      const [inProgress] = compute(spec, timeframe, openStart, to);
      if (!inProgress || before.length === 0) return [...before, ...(inProgress ? [inProgress] : [])];
      return [...before, { ...inProgress, open: before[before.length - 1]!.close }];
    },
    get size() {
      return closed.calculatedSize;
    },
  };
}
