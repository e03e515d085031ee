import { describe, expect, it } from 'vitest';
import { buildInstrument } from '@/testing';
import { chartPriceFormat, formatPrice, tickDecimalsOf } from './format';

describe('chartPriceFormat', () => {
  it('groups thousands on a chart scale as beside it, at the decimals asked for', () => {
    expect(chartPriceFormat(2).formatter(101234.5)).toBe('101,234.50');
    expect(chartPriceFormat(5).formatter(1.085123)).toBe('1.08512');
    expect(chartPriceFormat(2)).toMatchObject({ type: 'custom', minMove: 0.01 });
  });
});

describe('formatPrice', () => {
  it("shows the decimals a price carries, at least 2; an average is cut to its tick's decimals, at least 4", () => {
    expect(formatPrice('1234.5')).toBe('1,234.50');
    expect(formatPrice('0.4525', 4)).toBe('0.4525');
    expect(formatPrice('230.1133333333', 2)).toBe('230.1133');
    expect(formatPrice('1.0851234567', 5)).toBe('1.08512');
    // a price on its tick, without its instrument: a quote of EURUSD
    expect(formatPrice('1.08506')).toBe('1.08506');
  });

  it('keeps the small FX pairs readable: VNDUSD and JPYUSD with their own ticks, not a fixed 5', () => {
    expect(formatPrice('0.000038012')).toBe('0.000038012');
    expect(formatPrice('0.000038012', 9)).toBe('0.000038012');
    expect(formatPrice('0.0066667')).toBe('0.0066667');
    // an average of VNDUSD fills, cut to its 9-decimal tick
    expect(formatPrice('0.0000380123456', 9)).toBe('0.000038012');
  });
});

describe('tickDecimalsOf', () => {
  it("reads a symbol's tick decimals from the instrument list; undefined until it is loaded", () => {
    const instruments = [
      buildInstrument(),
      buildInstrument({ symbol: 'EURUSD', class: 'fx', tickSize: '0.00001' }),
      buildInstrument({ symbol: 'VNDUSD', class: 'fx', tickSize: '0.000000001' }),
    ];
    expect(tickDecimalsOf(instruments, 'AAPL')).toBe(2);
    expect(tickDecimalsOf(instruments, 'EURUSD')).toBe(5);
    expect(tickDecimalsOf(instruments, 'VNDUSD')).toBe(9);
    expect(tickDecimalsOf([], 'VNDUSD')).toBeUndefined();
  });
});
