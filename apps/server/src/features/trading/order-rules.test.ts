import { describe, expect, it } from 'vitest';
import { orderRequestSchema, type OrderRequest } from '@tp/shared';
import { findInstrument } from '../market/instruments';
import { amendWorkingOrder, checkPrice, checkQuantity, newWorkingOrder, type WorkingOrder } from './order-rules';

const spec = (symbol: string) => findInstrument(symbol)!;
const placedAt = Date.parse('2026-06-01T15:30:20.500Z');

function place(request: OrderRequest) {
  const result = newWorkingOrder(orderRequestSchema.parse(request), placedAt);
  if (!result.ok) throw new Error(result.rejection.message);
  return result.value.order;
}

describe('lot rules', () => {
  it('trades whole shares of equities', () => {
    expect(checkQuantity(spec('AAPL'), '10')).toEqual({ ok: true, value: 10 });
    expect(checkQuantity(spec('AAPL'), '10.000')).toEqual({ ok: true, value: 10 });
    for (const bad of ['0.5', '0', '100001']) {
      expect(checkQuantity(spec('AAPL'), bad)).toEqual({
        ok: false,
        rejection: {
          code: 'invalid_quantity',
          message: 'Quantity for AAPL must be a whole number from 1 to 100,000',
        },
      });
    }
  });

  it('trades FX and commodities in hundredths of a lot', () => {
    expect(checkQuantity(spec('EURUSD'), '0.01')).toEqual({ ok: true, value: 1 });
    expect(checkQuantity(spec('XAUUSD'), '2.5')).toEqual({ ok: true, value: 250 });
    expect(checkQuantity(spec('EURUSD'), '0.015').ok).toBe(false);
    expect(checkQuantity(spec('COFFEE'), '50.01').ok).toBe(false);
  });

  it('accepts only prices on the tick grid', () => {
    expect(checkPrice(spec('WHEAT'), '5.6025')).toEqual({ ok: true, value: 56_025 });
    expect(checkPrice(spec('WHEAT'), '5.6010')).toEqual({
      ok: false,
      rejection: { code: 'invalid_price', message: 'Prices for WHEAT move in steps of 0.0025' },
    });
    expect(checkPrice(spec('EURUSD'), '1.085123').ok).toBe(false);
    expect(checkPrice(spec('AAPL'), '230.1')).toEqual({ ok: true, value: 23_010 });
  });
});

describe('working orders', () => {
  it('are live from their second; a day order until the next UTC midnight, a gtc one without end', () => {
    expect(place({ symbol: 'AAPL', side: 'buy', quantity: 10, type: 'limit', price: '229.5' })).toEqual({
      side: 'buy',
      type: 'limit',
      quantity: 10,
      filled: 0,
      limit: 22_950,
      stop: null,
      timeInForce: 'day',
      activeFrom: placedAt / 1_000 - 0.5,
      expiresAt: Date.parse('2026-06-02T00:00:00Z') / 1_000,
      triggeredAt: null,
      rested: false,
    });
    expect(place({ symbol: 'AAPL', side: 'sell', quantity: 1, timeInForce: 'gtc' }).expiresAt).toBeNull();
  });

  it('ignore the display price a market order carries', () => {
    expect(place({ symbol: 'AAPL', side: 'buy', quantity: 10, price: 100 }).limit).toBeNull();
  });

  it('reject an unknown symbol with its own reason', () => {
    const result = newWorkingOrder(orderRequestSchema.parse({ symbol: 'ZZZZ', side: 'buy', quantity: 1 }), placedAt);
    expect(result).toEqual({ ok: false, rejection: { code: 'unknown_symbol', message: 'Unknown symbol: ZZZZ' } });
  });
});

describe('amending a pending order', () => {
  const limit = (): WorkingOrder => ({
    ...place({ symbol: 'AAPL', side: 'buy', quantity: 10, type: 'limit', price: 200 }),
    filled: 4,
    rested: true,
  });
  const later = placedAt + 3_600_000;

  it('is live again from the amendment, at its new terms, as a newly placed order', () => {
    const amended = amendWorkingOrder(
      spec('AAPL'),
      limit(),
      { price: '201', quantity: '12', timeInForce: 'gtc' },
      later,
    );
    expect(amended).toEqual({
      ok: true,
      value: {
        ...limit(),
        limit: 20_100,
        quantity: 12,
        timeInForce: 'gtc',
        expiresAt: null,
        activeFrom: later / 1_000 - 0.5,
        rested: false,
      },
    });
  });

  it('keeps the quantity above what already filled and the prices to the order type', () => {
    expect(amendWorkingOrder(spec('AAPL'), limit(), { quantity: '4' }, later)).toEqual({
      ok: false,
      rejection: { code: 'invalid_quantity', message: 'quantity must be more than the 4 already filled' },
    });
    expect(amendWorkingOrder(spec('AAPL'), limit(), { stopPrice: '190' }, later).ok).toBe(false);
    const market = place({ symbol: 'AAPL', side: 'buy', quantity: 10 });
    expect(amendWorkingOrder(spec('AAPL'), market, { price: '190' }, later)).toMatchObject({
      ok: false,
      rejection: { message: 'price is not used by a market order' },
    });
    const triggered = {
      ...place({ symbol: 'AAPL', side: 'buy', quantity: 1, type: 'stop', stopPrice: 250 }),
      triggeredAt: 1,
    };
    expect(amendWorkingOrder(spec('AAPL'), triggered, { stopPrice: '251' }, later)).toMatchObject({
      ok: false,
      rejection: { code: 'invalid_price' },
    });
  });
});
