import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findInstrument, INSTRUMENTS, parseScaled, type InstrumentSpec } from '../market/instruments';
import { simulatedCandles, simulatedSnapshots } from '../market/simulator';
import { fillAmounts, NO_FEES, runOrder, stepOrder, walkOrderBook, type Fill } from './fill-rules';
import { amount } from './money';
import type { WorkingOrder } from './order-rules';
import { snapshotOf, snapshotShape } from './trading-test-kit';

const aapl = findInstrument('AAPL')!;
const average = (legs: Fill['legs']) =>
  legs.reduce((sum, leg) => sum + leg.price * leg.quantity, 0) / legs.reduce((sum, leg) => sum + leg.quantity, 0);

function order(overrides: Partial<WorkingOrder>): WorkingOrder {
  return {
    side: 'buy',
    type: 'market',
    quantity: 10,
    filled: 0,
    limit: null,
    stop: null,
    timeInForce: 'gtc',
    activeFrom: 0,
    expiresAt: null,
    triggeredAt: null,
    rested: false,
    ...overrides,
  };
}

describe('walking the order book', () => {
  it('fills a market order in full, from the touch outwards, never outside the bar so far', () => {
    fc.assert(
      fc.property(
        snapshotShape(),
        fc.constantFrom('buy', 'sell') as fc.Arbitrary<'buy' | 'sell'>,
        fc.integer({ min: 1, max: 20_000 }),
        (shape, side, quantity) => {
          const snap = snapshotOf(aapl, shape);
          const legs = walkOrderBook(aapl, snap, side, quantity, null);
          expect(legs.reduce((sum, leg) => sum + leg.quantity, 0)).toBe(quantity);
          legs.forEach((leg, level) => {
            expect(leg.price).toBeGreaterThanOrEqual(snap.barLow);
            expect(leg.price).toBeLessThanOrEqual(snap.barHigh);
            expect(leg.price).toBe(side === 'buy' ? snap.ask + level : snap.bid - level);
          });
        },
      ),
    );
  });

  it('costs more the larger the order, and more than the touch once it outgrows it', () => {
    fc.assert(
      fc.property(
        snapshotShape(),
        fc.integer({ min: 1, max: 5_000 }),
        fc.integer({ min: 1, max: 5_000 }),
        (shape, a, b) => {
          const snap = snapshotOf(aapl, shape);
          const [small, large] = [Math.min(a, b), Math.max(a, b)];
          const buyAt = (q: number) => average(walkOrderBook(aapl, snap, 'buy', q, null));
          const sellAt = (q: number) => average(walkOrderBook(aapl, snap, 'sell', q, null));
          expect(buyAt(large)).toBeGreaterThanOrEqual(buyAt(small));
          expect(sellAt(large)).toBeLessThanOrEqual(sellAt(small));
          const touch = shape.depth[0]!;
          if (large > touch && shape.upTicks > 0) expect(buyAt(large)).toBeGreaterThan(snap.ask);
          if (large <= touch) expect(buyAt(large)).toBe(snap.ask);
        },
      ),
    );
  });

  it('stops at a limit and leaves the rest unfilled', () => {
    const snap = snapshotOf(aapl, {
      priceTicks: 10_000,
      bidTicks: 0,
      askTicks: 1,
      upTicks: 10,
      downTicks: 10,
      depth: [100],
    });
    expect(walkOrderBook(aapl, snap, 'buy', 350, 10_003)).toEqual([
      { price: 10_001, quantity: 100 },
      { price: 10_002, quantity: 100 },
      { price: 10_003, quantity: 100 },
    ]);
    // the bar's high absorbs what is left, so a market order always completes
    expect(walkOrderBook(aapl, snap, 'buy', 10_000, null).at(-1)).toEqual({ price: 10_011, quantity: 10_000 - 1_000 });
  });
});

describe('order types at one second', () => {
  const snap = snapshotOf(aapl, {
    priceTicks: 10_000,
    bidTicks: 0,
    askTicks: 1,
    upTicks: 5,
    downTicks: 5,
    depth: [1_000],
  });

  it('a marketable limit takes the ask (price improvement), a non-marketable one rests', () => {
    const taken = stepOrder(aapl, order({ type: 'limit', limit: 10_050 }), snap);
    expect(taken.fill).toMatchObject({ legs: [{ price: 10_001, quantity: 10 }], liquidity: 'taker' });
    const resting = stepOrder(aapl, order({ type: 'limit', limit: 9_990 }), snap);
    expect(resting).toEqual({
      order: order({ type: 'limit', limit: 9_990, rested: true }),
      fill: null,
      expired: false,
    });
  });

  it('a rested limit fills in full at its limit when the touch reaches it, never better', () => {
    const step = stepOrder(aapl, order({ type: 'limit', limit: 10_003, rested: true, quantity: 50_000 }), snap);
    expect(step.fill).toMatchObject({ legs: [{ price: 10_003, quantity: 50_000 }], liquidity: 'maker' });
    const sell = stepOrder(aapl, order({ side: 'sell', type: 'limit', limit: 9_998, rested: true }), snap);
    expect(sell.fill?.legs).toEqual([{ price: 9_998, quantity: 10 }]);
  });

  it('a stop triggers on the price crossing it and then fills as a market order', () => {
    expect(stepOrder(aapl, order({ type: 'stop', stop: 10_001 }), snap).fill).toBeNull();
    const step = stepOrder(aapl, order({ type: 'stop', stop: 10_000 }), snap);
    expect(step.order.triggeredAt).toBe(snap.second);
    expect(step.fill?.legs).toEqual([{ price: 10_001, quantity: 10 }]);
    const sellStop = stepOrder(aapl, order({ side: 'sell', type: 'stop', stop: 10_000 }), snap);
    expect(sellStop.fill?.legs).toEqual([{ price: 10_000, quantity: 10 }]);
  });

  it('a stop-limit triggers, then rests as a limit when it cannot trade', () => {
    const step = stepOrder(aapl, order({ type: 'stop_limit', stop: 9_990, limit: 9_995 }), snap);
    expect(step).toMatchObject({ fill: null, order: { triggeredAt: snap.second, rested: true } });
  });

  it('a day order expires at the next UTC midnight; nothing happens before it is live', () => {
    const day = order({ activeFrom: snap.second - 10, expiresAt: snap.second });
    expect(stepOrder(aapl, day, snap)).toEqual({ order: day, fill: null, expired: true });
    const future = order({ activeFrom: snap.second + 1 });
    expect(stepOrder(aapl, future, snap).fill).toBeNull();
  });
});

describe('orders against the simulated market', () => {
  const instant = fc.integer({
    min: Date.parse('2020-01-01T00:00:00Z') / 1_000,
    max: Date.parse('2030-01-01T00:00:00Z') / 1_000,
  });
  const units = (spec: InstrumentSpec, text: string) => parseScaled(text, spec.tick.scale)!;

  it('fill only at prices the bar traded at that second: within its range so far, never beyond the limit', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...INSTRUMENTS),
        instant,
        fc.constantFrom('buy', 'sell') as fc.Arbitrary<'buy' | 'sell'>,
        fc.constantFrom('market', 'limit', 'stop', 'stop_limit') as fc.Arbitrary<WorkingOrder['type']>,
        fc.integer({ min: -40, max: 40 }),
        fc.integer({ min: -40, max: 40 }),
        fc.integer({ min: 1, max: 3_000 }),
        (spec, at, side, type, limitOffset, stopOffset, quantity) => {
          const seconds = simulatedSnapshots(spec, at, at + 600);
          const start = seconds[0]!;
          const tick = spec.tick.units;
          const limit =
            type === 'limit' || type === 'stop_limit' ? Math.max(tick, start.price + limitOffset * tick) : null;
          const stop =
            type === 'stop' || type === 'stop_limit' ? Math.max(tick, start.price + stopOffset * tick) : null;
          const working = order({ side, type, quantity, limit, stop, activeFrom: at });
          const run = runOrder(spec, working, seconds);
          const bySecond = new Map(seconds.map((s) => [s.second, s]));
          for (const fill of run.fills) {
            const snap = bySecond.get(fill.second)!;
            const minuteStart = Math.floor(fill.second / 60) * 60;
            const [minute] = simulatedCandles(spec, '1m', minuteStart, minuteStart + 59);
            for (const leg of fill.legs) {
              expect(leg.price).toBeGreaterThanOrEqual(snap.barLow);
              expect(leg.price).toBeLessThanOrEqual(snap.barHigh);
              expect(leg.price).toBeGreaterThanOrEqual(units(spec, minute!.low));
              expect(leg.price).toBeLessThanOrEqual(units(spec, minute!.high));
              if (limit !== null) expect(side === 'buy' ? leg.price <= limit : leg.price >= limit).toBe(true);
              if (fill.liquidity === 'maker') expect(leg.price).toBe(limit);
              else expect(side === 'buy' ? leg.price >= snap.ask : leg.price <= snap.bid).toBe(true);
            }
          }
          if (stop !== null && run.order.triggeredAt !== null) {
            const crossed = (s: (typeof seconds)[number]) => (side === 'buy' ? s.price >= stop : s.price <= stop);
            expect(seconds.find(crossed)?.second).toBe(run.order.triggeredAt);
          }
          if (type === 'market') expect(run.order.filled).toBe(quantity);
          expect(run.order.filled).toBe(run.fills.reduce((sum, f) => sum + f.quantity, 0));
        },
      ),
      { numRuns: 120 },
    );
  });

  it('expire a day order that has not filled by the end of its UTC day', () => {
    const midnight = Date.parse('2026-07-02T00:00:00Z') / 1_000;
    const seconds = simulatedSnapshots(aapl, midnight - 5, midnight + 5);
    const unreachable = order({ type: 'limit', limit: 100, activeFrom: midnight - 5, expiresAt: midnight });
    const run = runOrder(aapl, unreachable, seconds);
    expect(run).toMatchObject({ expired: true, checkedUntil: midnight, fills: [] });
  });
});

describe('fill amounts', () => {
  it('are exact for lots and keep commission and slippage apart', () => {
    const eurusd = findInstrument('EURUSD')!;
    const fill: Fill = {
      second: 0,
      side: 'buy',
      quantity: 3,
      legs: [
        { price: 108_512, quantity: 2 },
        { price: 108_513, quantity: 1 },
      ],
      liquidity: 'taker',
    };
    const fees = {
      commissionPerOrder: amount('1.00'),
      commissionRate: amount('0.0001'),
      slippageRate: amount('0.00005'),
    };
    const first = fillAmounts(eurusd, fill, fees, true);
    // 0.02 lot × 100,000 × 1.08512 + 0.01 lot × 100,000 × 1.08513
    expect(first.notional.toFixed()).toBe('3255.37');
    expect(first.quantity.toFixed()).toBe('0.03');
    expect(first.averagePrice.toFixed(10)).toBe('1.0851233333');
    expect(first.commission.toFixed()).toBe('1.33');
    expect(first.slippage.toFixed()).toBe('0.16');
    expect(fillAmounts(eurusd, fill, fees, false).commission.toFixed()).toBe('0.33');
    expect(fillAmounts(eurusd, fill, NO_FEES, true).commission.isZero()).toBe(true);
  });
});
