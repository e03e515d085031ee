import { describe, expect, it } from 'vitest';
import { chartPriceFormat, formatPrice } from './format';

describe('chartPriceFormat', () => {
  it('groups thousands on a chart scale as beside it, at the decimals asked for', () => {
    expect(chartPriceFormat(2).formatter(101234.5)).toBe('101,234.50');
    expect(chartPriceFormat(5).formatter(1.085123)).toBe('1.08512');
    expect(chartPriceFormat(2)).toMatchObject({ type: 'custom', minMove: 0.01 });
  });
});

describe('formatPrice', () => {
  it('shows the decimals a price carries: at least 2, at most 4, FX 5', () => {
    expect(formatPrice('1234.5')).toBe('1,234.50');
    expect(formatPrice('0.4525', 'commodity')).toBe('0.4525');
    expect(formatPrice('230.1133333333', 'equity')).toBe('230.1133');
    expect(formatPrice('1.0851234567', 'fx')).toBe('1.08512');
    // a price on its tick, without its class: a quote of EURUSD
    expect(formatPrice('1.08506')).toBe('1.08506');
  });
});
