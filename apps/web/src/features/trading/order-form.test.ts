import { describe, expect, it } from 'vitest';
import { stopWarning } from './order-form';

const quote = { price: '215.07', bid: '215.06', ask: '215.08' };

describe('stopWarning', () => {
  it('warns when the market has already passed the stop, on either side', () => {
    expect(stopWarning({ side: 'sell', type: 'stop', stopPrice: '220' }, quote)).toBe(
      'The price (215.07) is already at or below the stop of 220: this order triggers now and fills at once at the market, about 215.06. A sell stop waits for the price to fall to it.',
    );
    expect(stopWarning({ side: 'buy', type: 'stop_limit', stopPrice: '215.07', price: '216' }, quote)).toBe(
      'The price (215.07) is already at or above the stop of 215.07: this order triggers now and becomes a limit order at 216 at once. A buy stop waits for the price to rise to it.',
    );
  });

  it('says nothing for a stop still ahead of the market, other order types, or no quote', () => {
    expect(stopWarning({ side: 'buy', type: 'stop', stopPrice: '215.10' }, quote)).toBeNull();
    expect(stopWarning({ side: 'sell', type: 'stop', stopPrice: '215' }, quote)).toBeNull();
    expect(stopWarning({ side: 'buy', type: 'limit', price: '100' }, quote)).toBeNull();
    expect(stopWarning({ side: 'buy', type: 'stop', stopPrice: '100' }, undefined)).toBeNull();
    expect(stopWarning({ side: 'buy', type: 'stop', stopPrice: 'abc' }, quote)).toBeNull();
  });
});
