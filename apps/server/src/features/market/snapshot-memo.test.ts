import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { INSTRUMENTS, type InstrumentSpec } from './instruments';
import type { MarketSnapshot } from './market-provider';
import { createSimulator, simulatedSnapshots } from './simulator';
import { createSnapshotMemo } from './snapshot-memo';

const DAY = 86_400;
const uncached = (spec: InstrumentSpec, second: number) => simulatedSnapshots(spec, second, second)[0]!;
/** What a caller reads of a snapshot, the order book's first levels included. */
const figures = (snapshot: MarketSnapshot) => ({
  symbol: snapshot.symbol,
  second: snapshot.second,
  price: snapshot.price,
  bid: snapshot.bid,
  ask: snapshot.ask,
  barLow: snapshot.barLow,
  barHigh: snapshot.barHigh,
  depth: [0, 1, 2].flatMap((level) => [snapshot.depth('bid', level), snapshot.depth('ask', level)]),
});
/** A memo that counts what it computes. */
function countingMemo(maxSeconds?: number) {
  const computed: string[] = [];
  const memo = createSnapshotMemo((spec, second) => {
    computed.push(`${spec.symbol}@${second}`);
    return uncached(spec, second);
  }, maxSeconds);
  return { memo, computed };
}

const instrument = fc.constantFrom(...INSTRUMENTS);
const start = Date.parse('2026-03-02T00:00:00Z') / 1_000;
/** Seconds of a few days, day opens often among them. */
const second = fc.oneof(
  fc.integer({ min: start, max: start + 3 * DAY }),
  fc.integer({ min: 0, max: 3 }).map((day) => start + day * DAY),
);

describe('snapshot memo', () => {
  it('answers what the simulator computes, for many symbols and seconds, asked in any order and again', () => {
    const { memo } = countingMemo(256);
    fc.assert(
      fc.property(fc.array(fc.tuple(instrument, second), { minLength: 1, maxLength: 20 }), (asks) => {
        for (const [spec, at] of [...asks, ...asks.toReversed()]) {
          expect(figures(memo.at(spec, at))).toEqual(figures(uncached(spec, at)));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('computes each symbol’s second once, however many reads ask for it', () => {
    const { memo, computed } = countingMemo();
    const [aapl, eurusd] = [INSTRUMENTS[0]!, INSTRUMENTS[5]!];
    for (let read = 0; read < 5; read++) {
      for (const spec of [aapl, eurusd]) {
        memo.at(spec, start); // the day's open
        memo.at(spec, start + 45_296); // now
      }
    }
    expect(computed.sort()).toEqual(
      [
        `${aapl.symbol}@${start}`,
        `${aapl.symbol}@${start + 45_296}`,
        `${eurusd.symbol}@${start}`,
        `${eurusd.symbol}@${start + 45_296}`,
      ].sort(),
    );
  });

  it('computes a new second anew: the price moves with the clock', () => {
    const { memo, computed } = countingMemo();
    const spec = INSTRUMENTS[0]!;
    const prices = new Set<number>();
    for (let at = start + 600; at < start + 660; at++) {
      const snapshot = memo.at(spec, at);
      expect(snapshot.second).toBe(at);
      expect(snapshot.price).toBe(uncached(spec, at).price);
      prices.add(snapshot.price);
    }
    expect(computed).toHaveLength(60);
    expect(prices.size).toBeGreaterThan(1);
  });

  it('stays bounded, and keeps each symbol’s day open while other seconds come and go', () => {
    const { memo, computed } = countingMemo(64);
    for (let at = start + 1; at <= start + 400; at++) {
      for (const spec of INSTRUMENTS) {
        memo.at(spec, start);
        memo.at(spec, at);
      }
      expect(memo.size).toBeLessThanOrEqual(64 + INSTRUMENTS.length);
    }
    expect(computed.filter((key) => key.endsWith(`@${start}`))).toHaveLength(INSTRUMENTS.length);
    // the next day's open takes the place of this one's
    for (const spec of INSTRUMENTS) memo.at(spec, start + DAY);
    expect(memo.size).toBeLessThanOrEqual(64 + INSTRUMENTS.length);
  });
});

describe('simulator: single seconds', () => {
  it('answers a portfolio read’s day open and now from one computation each, and the next second anew', async () => {
    let clock = (start + 45_296) * 1_000 + 250;
    const market = createSimulator({ clock: () => clock });
    const dayStart = new Date(start * 1_000);
    const read = async (symbol: string) => [
      ...(await market.snapshots(symbol, dayStart, dayStart))!,
      ...(await market.snapshots(symbol, new Date(clock), new Date(clock)))!,
    ];
    const first = await read('AAPL');
    const second = await read('AAPL');
    expect(second[0]).toBe(first[0]);
    expect(second[1]).toBe(first[1]);
    clock += 1_000;
    const next = await read('AAPL');
    expect(next[0]).toBe(first[0]);
    expect(next[1]!.second).toBe(start + 45_297);
    expect(figures(next[1]!)).toEqual(figures(uncached(INSTRUMENTS[0]!, start + 45_297)));
  });
});
