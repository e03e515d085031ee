import { describe, expect, it } from 'vitest';
import { buildTrade } from '@/testing';
import { orderOutcome } from './order-outcome';

describe('orderOutcome', () => {
  it("says an averaged fill with its instrument's decimals: 4 for an equity, 5 for FX", () => {
    const filled = { status: 'filled', filledQuantity: '10', quantity: '10' } as const;
    expect(orderOutcome(buildTrade({ ...filled, avgFillPrice: '230.1144444444' }), 'equity')).toEqual({
      variant: 'success',
      text: 'Bought 10 AAPL at 230.1144',
    });
    expect(
      orderOutcome(buildTrade({ ...filled, symbol: 'EURUSD', side: 'sell', avgFillPrice: '1.0851234567' }), 'fx').text,
    ).toBe('Sold 10 EURUSD at 1.08512');
  });
});
