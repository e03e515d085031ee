import { describe, expect, it } from 'vitest';
import { buildInstrument, buildLotInstrument, buildOrder } from '@/testing';
import { orderOutcome } from './order-outcome';

const filled = { status: 'filled', filledQuantity: '10', quantity: '10' } as const;

describe('orderOutcome', () => {
  it("says an averaged fill with its tick's decimals: 4 for an equity, 5 for EURUSD, 9 for VNDUSD", () => {
    expect(orderOutcome(buildOrder({ ...filled, avgFillPrice: '230.1144444444' }), buildInstrument())).toEqual({
      variant: 'success',
      text: 'Bought 10 shares of AAPL at 230.1144',
    });
    const eurusd = buildLotInstrument('EURUSD', '100000', 'EUR', { tickSize: '0.00001' });
    expect(
      orderOutcome(buildOrder({ ...filled, symbol: 'EURUSD', side: 'sell', avgFillPrice: '1.0851234567' }), eurusd)
        .text,
    ).toBe('Sold 10 lots (1,000,000 EUR) of EURUSD at 1.08512');
    const vndusd = buildLotInstrument('VNDUSD', '100000000', 'VND', { tickSize: '0.000000001' });
    expect(
      orderOutcome(buildOrder({ ...filled, symbol: 'VNDUSD', side: 'sell', avgFillPrice: '0.0000380123456' }), vndusd)
        .text,
    ).toMatch(/ of VNDUSD at 0\.000038012$/);
  });

  it('writes quantities with their units: one share, lots of pounds, ounces and bushels', () => {
    const cotton = buildLotInstrument('COTTON', '50000', 'lb');
    const one = { ...filled, filledQuantity: '1', quantity: '1' };
    expect(orderOutcome(buildOrder({ ...one, avgFillPrice: '230.11' }), buildInstrument()).text).toBe(
      'Bought 1 share of AAPL at 230.11',
    );
    expect(orderOutcome(buildOrder({ ...one, symbol: 'COTTON', avgFillPrice: '0.6437' }), cotton).text).toBe(
      'Bought 1 lot (50,000 lb) of COTTON at 0.6437',
    );
    const gold = buildLotInstrument('XAUUSD', '100', 'oz', { tickSize: '0.01' });
    const resting = { status: 'pending', type: 'limit', filledQuantity: '0', avgFillPrice: null } as const;
    expect(orderOutcome(buildOrder({ ...resting, symbol: 'XAUUSD', quantity: '0.05' }), gold).text).toBe(
      'Limit order to buy 0.05 lots (5 oz) of XAUUSD is pending',
    );
    const wheat = buildLotInstrument('WHEAT', '5000', 'bushel', { tickSize: '0.0025' });
    expect(
      orderOutcome(buildOrder({ ...resting, symbol: 'WHEAT', quantity: '2', filledQuantity: '0.5' }), wheat).text,
    ).toBe('Limit order to buy 2 lots (10,000 bushels) of WHEAT is pending (0.5 lots filled)');
    // before the instruments are loaded the figures stand bare
    expect(orderOutcome(buildOrder({ ...one, avgFillPrice: '230.11' })).text).toBe('Bought 1 AAPL at 230.11');
  });
});
