import { describe, expect, it } from 'vitest';
import { buildOrder as trade } from '@/testing';
import { fillMarkerText, scaleDecimals } from './components/price-chart';

describe('a fill on the price chart', () => {
  it("is marked with its averaged price at its tick's decimals: 4 for an equity, 5 for EURUSD", () => {
    const filled = { status: 'filled', filledQuantity: '10' } as const;
    expect(fillMarkerText(trade({ ...filled, avgFillPrice: '230.1144444444' }), 2)).toBe('B 10 @ 230.1144');
    expect(fillMarkerText(trade({ ...filled, side: 'sell', avgFillPrice: '1.0851234567' }), 5)).toBe('S 10 @ 1.08512');
  });
});

describe("the price chart's scale", () => {
  const candle = (close: string) => ({
    time: '2026-11-23T13:00:00.000Z',
    open: close,
    high: close,
    low: close,
    close,
    volume: 1,
  });

  it("has its instrument's tick decimals: VNDUSD's 9, not 5", () => {
    expect(scaleDecimals([candle('0.000038012')], 9)).toBe(9);
    expect(scaleDecimals([candle('230.10')], 2)).toBe(2);
  });

  it('has the decimals the last closes carry until the instrument is known', () => {
    expect(scaleDecimals([candle('0.000038012')], undefined)).toBe(9);
    expect(scaleDecimals([candle('230.1')], undefined)).toBe(2);
  });
});
