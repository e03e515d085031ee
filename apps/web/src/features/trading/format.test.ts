import { describe, expect, it } from 'vitest';
import { chartPriceFormat, withMinimumSpan } from './format';

describe('chartPriceFormat', () => {
  it('groups thousands on a chart scale as beside it, at the decimals asked for', () => {
    expect(chartPriceFormat(2).formatter(101234.5)).toBe('101,234.50');
    expect(chartPriceFormat(5).formatter(1.085123)).toBe('1.08512');
    expect(chartPriceFormat(2)).toMatchObject({ type: 'custom', minMove: 0.01 });
  });
});

describe('withMinimumSpan', () => {
  it('widens a flat curve’s scale to ±0.5 % of its value, around it', () => {
    expect(withMinimumSpan({ priceRange: { minValue: 100_000, maxValue: 100_000 } })).toEqual({
      priceRange: { minValue: 99_500, maxValue: 100_500 },
    });
    expect(withMinimumSpan({ priceRange: { minValue: 99_990, maxValue: 100_010 } })?.priceRange).toEqual({
      minValue: 99_500,
      maxValue: 100_500,
    });
  });

  it('leaves a curve that moves more than that, and an empty one, as they are', () => {
    const moving = { priceRange: { minValue: 95_000, maxValue: 104_000 }, margins: { above: 1, below: 1 } };
    expect(withMinimumSpan(moving)).toBe(moving);
    expect(withMinimumSpan(null)).toBeNull();
  });
});
