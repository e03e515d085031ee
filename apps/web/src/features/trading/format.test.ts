import { describe, expect, it } from 'vitest';
import { chartPriceFormat } from './format';

describe('chartPriceFormat', () => {
  it('groups thousands on a chart scale as beside it, at the decimals asked for', () => {
    expect(chartPriceFormat(2).formatter(101234.5)).toBe('101,234.50');
    expect(chartPriceFormat(5).formatter(1.085123)).toBe('1.08512');
    expect(chartPriceFormat(2)).toMatchObject({ type: 'custom', minMove: 0.01 });
  });
});
