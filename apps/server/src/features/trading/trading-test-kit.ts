import fc from 'fast-check';
import type { InstrumentSpec } from '../market/instruments';
import type { MarketSnapshot } from '../market/market-provider';

/** Hand-made market seconds for the engine's tests: any price, spread, bar range and book. */

export interface SnapshotShape {
  /** Price in ticks. */
  priceTicks: number;
  bidTicks: number;
  askTicks: number;
  /** How far the minute bar so far reaches beyond the ask and below the bid, in ticks. */
  upTicks: number;
  downTicks: number;
  /** Depth of each level in steps, repeating. */
  depth: number[];
}

export function snapshotOf(spec: InstrumentSpec, shape: SnapshotShape, second = 1_800_000_000): MarketSnapshot {
  const tick = spec.tick.units;
  const price = shape.priceTicks * tick;
  const bid = price - shape.bidTicks * tick;
  const ask = price + shape.askTicks * tick;
  return {
    symbol: spec.symbol,
    second,
    price,
    bid,
    ask,
    barLow: bid - shape.downTicks * tick,
    barHigh: ask + shape.upTicks * tick,
    depth: (_side, level) => shape.depth[level % shape.depth.length]!,
  };
}

export const snapshotShape = (maxPriceTicks = 1_000_000): fc.Arbitrary<SnapshotShape> =>
  fc.record({
    priceTicks: fc.integer({ min: 200, max: maxPriceTicks }),
    bidTicks: fc.integer({ min: 0, max: 3 }),
    askTicks: fc.integer({ min: 1, max: 3 }),
    upTicks: fc.integer({ min: 0, max: 30 }),
    downTicks: fc.integer({ min: 0, max: 30 }),
    depth: fc.array(fc.integer({ min: 1, max: 500 }), { minLength: 1, maxLength: 8 }),
  });
