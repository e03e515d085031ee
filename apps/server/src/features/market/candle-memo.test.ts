import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TIMEFRAME_SECONDS, TIMEFRAMES, type Timeframe } from '@tp/shared';
import { createCandleMemo } from './candle-memo';
import { INSTRUMENTS, type InstrumentSpec } from './instruments';
import { createSimulator, simulatedCandles } from './simulator';

const start = Date.parse('2026-03-02T00:00:00Z') / 1_000;

/** A memo that records every range it computes. */
function countingMemo(maxCandles?: number) {
  const computed: string[] = [];
  const memo = createCandleMemo((spec, timeframe, from, to) => {
    computed.push(`${spec.symbol}|${timeframe}|${from}|${to}`);
    return simulatedCandles(spec, timeframe, from, to);
  }, maxCandles);
  return { memo, computed };
}

const instrument = fc.constantFrom(...INSTRUMENTS);
const timeframe = fc.constantFrom(...TIMEFRAMES);

describe('candle memo', () => {
  it('answers what the simulator computes, second by second across bar closes, in any order', () => {
    const { memo } = countingMemo(5_000);
    fc.assert(
      fc.property(
        instrument,
        timeframe,
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 3 * 86_400 }),
        (spec, tf, bars, offset) => {
          const step = TIMEFRAME_SECONDS[tf];
          const to = start + offset;
          const from = to - bars * step + (offset % 7);
          // the seconds around a close of the bar in progress, and the range asked again
          const close = Math.floor(to / step) * step + step - 1;
          for (const at of [to, close - 1, close, close + 1, to]) {
            expect(memo.candles(spec, tf, from, at)).toEqual(simulatedCandles(spec, tf, from, at));
          }
        },
      ),
      { numRuns: 120 },
    );
  });

  it('computes the closed bars once and only the bar in progress on each later second', () => {
    const { memo, computed } = countingMemo();
    const spec = INSTRUMENTS[0]!;
    const from = start;
    const to = start + 100 * 3_600 + 1_234;
    memo.candles(spec, '1h', from, to);
    memo.candles(spec, '1h', from, to + 1);
    const open = start + 100 * 3_600;
    expect(computed).toEqual([
      `${spec.symbol}|1h|${from}|${open - 1}`,
      `${spec.symbol}|1h|${open}|${to}`,
      `${spec.symbol}|1h|${open}|${to + 1}`,
    ]);
    // the bar closes: a new range of closed bars
    const closedTo = open + 3_599;
    expect(memo.candles(spec, '1h', from, closedTo)).toEqual(simulatedCandles(spec, '1h', from, closedTo));
    expect(computed.at(-1)).toBe(`${spec.symbol}|1h|${from}|${closedTo}`);
  });

  it('shares the closed bars between ranges starting at different seconds of the same bar', () => {
    const { memo, computed } = countingMemo();
    const spec = INSTRUMENTS[0]!;
    const to = start + 150 * 300 + 77;
    for (const from of [start + 1, start + 2, start + 299]) {
      expect(memo.candles(spec, '5m', from, to)).toEqual(simulatedCandles(spec, '5m', from, to));
    }
    expect(computed.filter((range) => range.endsWith(`|${start + 150 * 300 - 1}`))).toHaveLength(1);
  });

  it('holds at most its bound of candles', () => {
    const { memo } = countingMemo(300);
    const spec = INSTRUMENTS[1]!;
    for (let day = 0; day < 10; day++) {
      const from = start + day * 86_400;
      memo.candles(spec, '15m', from, from + 86_400 * 2 - 1);
    }
    expect(memo.size).toBeLessThanOrEqual(300);
    expect(memo.size).toBeGreaterThan(0);
  });

  it('is what the simulator answers, its candles shared between calls yet theirs to change', async () => {
    let now = (start + 5 * 3_600 + 17) * 1_000;
    const market = createSimulator({ clock: () => now });
    const symbol = INSTRUMENTS[2]!.symbol;
    const spec: InstrumentSpec = INSTRUMENTS[2]!;
    const ask = (tf: Timeframe) => market.candles(symbol, tf, new Date((start - 86_400) * 1_000), new Date(now + 1));
    const first = (await ask('1h'))!;
    expect(first).toEqual(simulatedCandles(spec, '1h', start - 86_400, now / 1_000));
    first.pop();
    now += 1_000;
    expect(await ask('1h')).toEqual(simulatedCandles(spec, '1h', start - 86_400, now / 1_000));
  });
});
