import { describe, expect, it } from 'vitest';
import { buildTrade } from '@/testing';
import { orderOutcome } from './order-outcome';

describe('orderOutcome', () => {
  it("says an averaged fill with its tick's decimals: 4 for an equity, 5 for EURUSD, 9 for VNDUSD", () => {
    const filled = { status: 'filled', filledQuantity: '10', quantity: '10' } as const;
    expect(orderOutcome(buildTrade({ ...filled, avgFillPrice: '230.1144444444' }), 2)).toEqual({
      variant: 'success',
      text: 'Bought 10 AAPL at 230.1144',
    });
    expect(
      orderOutcome(buildTrade({ ...filled, symbol: 'EURUSD', side: 'sell', avgFillPrice: '1.0851234567' }), 5).text,
    ).toBe('Sold 10 EURUSD at 1.08512');
    expect(
      orderOutcome(buildTrade({ ...filled, symbol: 'VNDUSD', side: 'sell', avgFillPrice: '0.0000380123456' }), 9).text,
    ).toBe('Sold 10 VNDUSD at 0.000038012');
  });
});
