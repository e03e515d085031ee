import { describe, expect, it } from 'vitest';
import { placeOrder, tradingSuite } from './trading-test-kit';
import { readPortfolioRows } from './portfolio-reads';

describe('portfolio rows, read in one statement', () => {
  const t = tradingSuite('2026-03-02T14:00:00.000Z');
  const dayStart = new Date('2026-03-02T00:00:00.000Z');
  const read = (userId: string) => readPortfolioRows(t.app.deps.connection, { userId, dayStart });

  it('holds the owner’s positions, flat ones too, with today’s flows, pending sells and cash figures', async () => {
    await placeOrder(t.ada, { symbol: 'AAPL', side: 'buy', quantity: 10 });
    await placeOrder(t.ada, { symbol: 'AAPL', side: 'sell', quantity: 10 });
    await placeOrder(t.ada, { symbol: 'EURUSD', side: 'buy', quantity: '0.10' });
    // a sell far above the market stays pending, reserving its quantity
    await placeOrder(t.ada, { symbol: 'EURUSD', side: 'sell', quantity: '0.04', type: 'limit', price: '9.00000' });
    await placeOrder(t.bob, { symbol: 'AAPL', side: 'buy', quantity: 5 });

    const rows = (await read(t.ada.user.id))!;
    expect(rows.account.userId).toBe(t.ada.user.id);
    expect(rows.reservedCash).toBe('0.00');
    expect(Number(rows.tradingToday)).toBeLessThan(0);
    const bySymbol = new Map(rows.positions.map((position) => [position.row.symbol, position]));
    expect([...bySymbol.keys()].sort()).toEqual(['AAPL', 'EURUSD']);
    expect(bySymbol.get('AAPL')).toMatchObject({
      row: { quantity: '0.00000000' },
      today: { fills: 2, bought: '10.00000000', sold: '10.00000000' },
      reservedQuantity: '0',
    });
    expect(bySymbol.get('EURUSD')).toMatchObject({
      today: { fills: 1, bought: '0.10000000', sold: '0' },
      reservedQuantity: '0.04000000',
    });
    // cash paid for the day's purchases less what the sale received: the ledger's trading rows
    const aapl = bySymbol.get('AAPL')!.today;
    const eurusd = bySymbol.get('EURUSD')!.today;
    const net = Number(aapl.received) - Number(aapl.paid) - Number(eurusd.paid);
    expect(Number(rows.tradingToday)).toBeCloseTo(net, 2);
  });

  it('is null for a user without an active account, and ignores fills before the day', async () => {
    await placeOrder(t.bob, { symbol: 'AAPL', side: 'buy', quantity: 5 });
    const tomorrow = await readPortfolioRows(t.app.deps.connection, {
      userId: t.bob.user.id,
      dayStart: new Date('2026-03-03T00:00:00.000Z'),
    });
    expect(tomorrow!.positions[0]!.today).toMatchObject({ fills: 0, bought: '0', paid: '0' });
    expect(tomorrow!.tradingToday).toBe('0');
    expect(await read('00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
