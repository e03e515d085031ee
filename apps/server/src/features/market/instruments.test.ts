import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { instrumentSchema } from '@tp/shared';
import { findInstrument, formatScaled, INSTRUMENTS, parseScaled } from './instruments';

describe('instruments', () => {
  it('lists the spec’s equities, USD-quoted FX pairs and commodity proxies, each valid under the contract', () => {
    const symbols = INSTRUMENTS.map((spec) => spec.symbol);
    for (const symbol of [
      'AAPL',
      'GOOGL',
      'MSFT',
      'TSLA',
      'AMZN',
      'EURUSD',
      'GBPUSD',
      'AUDUSD',
      'XAUUSD',
      'COTTON',
      'COFFEE',
      'WHEAT',
    ]) {
      expect(symbols).toContain(symbol);
    }
    for (const spec of INSTRUMENTS) {
      expect(instrumentSchema.parse(spec.info)).toEqual(spec.info);
      expect(spec.info.currency).toBe('USD');
      expect(spec.info.integerQuantity).toBe(spec.info.class === 'equity');
      expect(spec.askTicks).toBeGreaterThanOrEqual(1);
      expect(spec.minSteps).toBe(1);
    }
  });

  it('finds a symbol whatever its case, and nothing for an unknown one', () => {
    expect(findInstrument('eurusd')?.info.name).toBe('Euro / US Dollar');
    expect(findInstrument('NOPE')).toBeUndefined();
  });
});

describe('scaled decimals', () => {
  it('format and parse back exactly at every scale', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.integer({ min: 0, max: 6 }), (value, scale) => {
        expect(parseScaled(formatScaled(value, scale), scale)).toBe(value);
      }),
    );
    expect(formatScaled(5, 4)).toBe('0.0005');
    expect(formatScaled(108_512, 5)).toBe('1.08512');
    expect(formatScaled(-1_050, 2)).toBe('-10.50');
  });

  it('refuse more decimals than the scale holds, unless they are zeros', () => {
    expect(parseScaled('1.085125', 5)).toBeNull();
    expect(parseScaled('1.0851200', 5)).toBe(108_512);
    expect(parseScaled('7', 2)).toBe(700);
  });
});
