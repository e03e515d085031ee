import { describe, expect, it } from 'vitest';
import { buildInstrument, buildLotInstrument, buildQuote } from '@/testing';
import { affordableQuantity, estimateOrder, shortfallMessage } from './order-estimate';

const cotton = buildLotInstrument('COTTON', '50000', 'lb');
const quote = buildQuote({ symbol: 'COTTON', bid: '0.6433', ask: '0.6437' });
const buy = { symbol: 'COTTON', side: 'buy', quantity: '1', type: 'market' } as const;

describe('estimateOrder', () => {
  it('values an order as quantity × lot size × price, exactly, at the price it trades at', () => {
    expect(estimateOrder(buy, cotton, quote, '100000.00')).toEqual({
      price: '0.6437',
      priceSource: 'ask',
      value: '32185.00',
      charges: '0.00',
      needed: '32185.00',
      buyingPowerLeft: '67815.00',
      shortfall: null,
    });
    // exact decimals: in binary floats 0.07 × 100,000 × 1.00001 is 7000.0700000000015, a cent more once rounded up
    const fx = buildLotInstrument('EURUSD', '100000', 'EUR', { tickSize: '0.00001' });
    const eurusd = { ...buy, symbol: 'EURUSD', quantity: '0.07' };
    expect(estimateOrder(eurusd, fx, { bid: '1', ask: '1.00001' }, '0')).toMatchObject({
      value: '7000.07',
      shortfall: '7000.07',
      buyingPowerLeft: '-7000.07',
    });
    expect(estimateOrder({ ...buy, side: 'sell' }, cotton, quote, '0.00')).toMatchObject({
      priceSource: 'bid',
      value: '32165.00',
      needed: '0.00',
      buyingPowerLeft: '32165.00',
      shortfall: null,
    });
    expect(estimateOrder({ ...buy, type: 'stop', stopPrice: '0.7' }, cotton, undefined, undefined)).toMatchObject({
      priceSource: 'stop',
      value: '35000.00',
      buyingPowerLeft: null,
      shortfall: null,
    });
    // a market order before its first quote has no price yet
    expect(estimateOrder(buy, cotton, undefined, '100000.00')).toBeNull();
  });

  it('rounds each charge up to the cent, as the server holds cash for a pending buy', () => {
    const charges = { commissionPerOrder: '1.00', commissionRate: '0.0005', slippageRate: '0.0002' };
    const order = { symbol: 'AAPL', side: 'buy', quantity: '10', type: 'limit', price: '230.11' } as const;
    expect(estimateOrder(order, buildInstrument(), undefined, '2303.72', charges)).toMatchObject({
      value: '2301.10',
      charges: '2.63',
      needed: '2303.73',
      shortfall: '0.01',
    });
  });
});

describe('affordableQuantity and the refusal', () => {
  it('finds the largest quantity on the steps that fits, within the maximum', () => {
    expect(affordableQuantity(cotton, '0.6437', '10000.00')).toBe('0.31');
    expect(affordableQuantity(buildInstrument(), '230.11', '2301.10')).toBe('10');
    expect(affordableQuantity(buildInstrument(), '230.11', '2301.09')).toBe('9');
    expect(affordableQuantity(cotton, '0.6437', '100000000.00')).toBe('50');
    expect(affordableQuantity(cotton, '0.6437', '300.00')).toBeNull();
  });

  it('names what the order needs, what is available, the shortfall and what fits', () => {
    const estimate = estimateOrder(buy, cotton, quote, '300.00')!;
    expect(shortfallMessage(estimate, cotton, '300.00')).toBe(
      'Insufficient cash: this order needs about $32,185.00 and $300.00 is available, $31,885.00 short. Your buying power does not cover even 0.01 lots (500 lb).',
    );
  });
});
