import { describe, expect, it } from 'vitest';
import { buildTrade } from '@/testing';
import { fillMarkerText } from './components/price-chart';

describe('a fill on the price chart', () => {
  it("is marked with its averaged price at its instrument's decimals: 4 for an equity, 5 for FX", () => {
    const filled = { status: 'filled', filledQuantity: '10' } as const;
    expect(fillMarkerText(buildTrade({ ...filled, avgFillPrice: '230.1144444444' }), 'equity')).toBe('B 10 @ 230.1144');
    expect(fillMarkerText(buildTrade({ ...filled, side: 'sell', avgFillPrice: '1.0851234567' }), 'fx')).toBe(
      'S 10 @ 1.08512',
    );
  });
});
