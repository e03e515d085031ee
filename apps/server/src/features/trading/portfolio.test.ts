import { describe, expect, it } from 'vitest';
import {
  accountResetResponseSchema,
  accountsResponseSchema,
  DEFAULT_TRADING_PREFERENCES,
  performanceResponseSchema,
  portfolioResponseSchema,
  positionResponseSchema,
  riskResponseSchema,
  orderListResponseSchema,
  tradingPreferencesResponseSchema,
} from '@tp/shared';
import { expectBooksBalance, path, placeOrder, priceText, second, tradingApp, tradingSuite } from './trading-test-kit';
import { errorFields, signedInClient } from '../../test/kit';

const cents = (value: number) => (Math.round(value * 100) / 100).toFixed(2);

describe('portfolio, preferences, analytics and accounts', () => {
  const t = tradingSuite('2026-03-02T14:00:00.000Z');

  const portfolio = async (client = t.ada) =>
    portfolioResponseSchema.parse((await client.get('/api/portfolio')).json()).data;
  const priceAt = (symbol: string, ms: number) => path(symbol, second(ms), second(ms))[0]!;

  it('opens a paper account of 100,000 USD on first use', async () => {
    expect(await portfolio()).toMatchObject({
      totalValue: '100000.00',
      cashBalance: '100000.00',
      reservedCash: '0.00',
      openingCash: '100000.00',
      dayChange: '0.00',
      dayChangePercent: 0,
      positions: [],
      currency: 'USD',
      // no charges unless configured (the order ticket adds them to what an order needs)
      charges: { commissionPerOrder: '0.00', commissionRate: '0', slippageRate: '0' },
    });
  });

  it('values positions at live prices, with average cost, P&L and the day’s change from the UTC open', async () => {
    const bought = priceAt('AAPL', t.clock.now());
    await placeOrder(t.ada, { symbol: 'AAPL', side: 'buy', quantity: 10 });
    await placeOrder(t.ada, { symbol: 'EURUSD', side: 'buy', quantity: '0.10' });

    // the next morning: the day's change is measured from 00:00 UTC
    t.clock.set(Date.parse('2026-03-03T10:00:00.000Z'));
    const now = priceAt('AAPL', t.clock.now());
    const open = priceAt('AAPL', Date.parse('2026-03-03T00:00:00.000Z'));
    const view = await portfolio();
    const aapl = view.positions.find((p) => p.symbol === 'AAPL')!;
    expect(aapl).toMatchObject({
      quantity: '10',
      reservedQuantity: '0',
      avgCost: priceText('AAPL', bought.ask),
      costBasis: cents((bought.ask / 100) * 10),
      marketPrice: priceText('AAPL', now.price),
      marketValue: cents((now.price / 100) * 10),
      unrealizedPnl: cents(((now.price - bought.ask) / 100) * 10),
      dayChange: cents(((now.price - open.price) / 100) * 10),
      realizedPnl: '0.00',
    });
    const eurusd = view.positions.find((p) => p.symbol === 'EURUSD')!;
    expect(eurusd.quantity).toBe('0.10');
    const total = Number(view.cashBalance) + view.positions.reduce((sum, p) => sum + Number(p.marketValue), 0);
    expect(view.totalValue).toBe(cents(total));
    expect(view.dayChange).toBe(cents(view.positions.reduce((sum, p) => sum + Number(p.dayChange), 0)));
    expect(view.unrealizedPnl).toBe(cents(view.positions.reduce((sum, p) => sum + Number(p.unrealizedPnl), 0)));

    const list = (await t.ada.get('/api/portfolio/positions')).json().data;
    expect(list).toEqual(view.positions);
    const one = await t.ada.get(`/api/portfolio/positions/${aapl.id}`);
    expect(positionResponseSchema.parse(one.json()).data).toEqual(aapl);
    expect((await t.bob.get(`/api/portfolio/positions/${aapl.id}`)).statusCode).toBe(404);
    expect(errorFields((await t.ada.get('/api/portfolio/positions/42')).json())).toEqual(['id']);
  });

  it('counts a sale today in the day’s change and the realized P&L', async () => {
    await placeOrder(t.ada, { symbol: 'MSFT', side: 'buy', quantity: 10 });
    t.clock.advance(3_600);
    const sale = await placeOrder(t.ada, { symbol: 'MSFT', side: 'sell', quantity: 10 });
    const view = await portfolio();
    expect(view.positions).toEqual([]);
    const realized = Number(view.realizedPnl);
    expect(view.dayChange).toBe(cents(realized));
    expect(Number(view.cashBalance)).toBeCloseTo(100_000 + realized, 2);
    expect(sale.status).toBe('filled');
  });

  it('keeps trading preferences, with the spec’s defaults, refusing unknown fields and symbols', async () => {
    const read = async () =>
      tradingPreferencesResponseSchema.parse((await t.ada.get('/api/preferences/trading')).json()).data;
    expect(await read()).toEqual(DEFAULT_TRADING_PREFERENCES);
    const changed = await t.ada.patch('/api/preferences/trading', {
      darkMode: true,
      favoriteInstruments: ['eurusd', 'XAUUSD', 'EURUSD'],
    });
    expect(changed.statusCode).toBe(200);
    expect(await read()).toEqual({
      ...DEFAULT_TRADING_PREFERENCES,
      darkMode: true,
      favoriteInstruments: ['EURUSD', 'XAUUSD'],
    });
    expect((await t.ada.patch('/api/preferences/trading', { defaultOrderType: 'limit' })).json().data).toMatchObject({
      darkMode: true,
      defaultOrderType: 'limit',
    });
    expect(tradingPreferencesResponseSchema.parse((await t.bob.get('/api/preferences/trading')).json()).data).toEqual(
      DEFAULT_TRADING_PREFERENCES,
    );
    for (const [body, field] of [
      [{ darkMode: 'yes' }, 'darkMode'],
      [{ favoriteInstruments: ['AAPL', 'NOPE'] }, 'favoriteInstruments.1'],
      [{ theme: 'dark' }, 'body'],
      [{}, 'body'],
      [{ defaultOrderType: 'iceberg' }, 'defaultOrderType'],
    ] as const) {
      const res = await t.ada.patch('/api/preferences/trading', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect([...new Set(errorFields(res.json()))]).toEqual([field]);
    }
  });

  it('reports performance and risk from the real fills', async () => {
    await placeOrder(t.ada, { symbol: 'AAPL', side: 'buy', quantity: 100 });
    await placeOrder(t.ada, { symbol: 'GOOGL', side: 'buy', quantity: 20 });
    t.clock.set(Date.parse('2026-03-05T15:00:00.000Z'));
    await placeOrder(t.ada, { symbol: 'AAPL', side: 'sell', quantity: 40 });
    t.clock.set(Date.parse('2026-03-09T12:00:00.000Z'));

    const performance = performanceResponseSchema.parse((await t.ada.get('/api/analytics/performance')).json()).data;
    expect(performance.start).toBe('2026-03-02T14:00:00.000Z');
    expect(performance.end).toBe('2026-03-09T12:00:00.000Z');
    // at the opening second the purchases count already, valued at the price: the spread paid is gone
    const [aapl, googl] = [
      priceAt('AAPL', Date.parse(performance.start)),
      priceAt('GOOGL', Date.parse(performance.start)),
    ];
    const spread = ((aapl.ask - aapl.price) * 100 + (googl.ask - googl.price) * 20) / 100;
    expect(performance.equityCurve[0]).toEqual({ time: '2026-03-02T14:00:00.000Z', equity: cents(100_000 - spread) });
    expect(performance.equityCurve.at(-1)!.equity).toBe((await portfolio()).totalValue);
    expect(performance.closedTrades).toBe(1);
    expect(performance.wins + performance.losses).toBeLessThanOrEqual(1);
    expect(performance.returns.all).not.toBeNull();
    expect(performance.realizedPnl).toBe((await portfolio()).realizedPnl);

    const ranged = performanceResponseSchema.parse(
      (await t.ada.get('/api/analytics/performance?start=2026-03-05&end=2026-03-06')).json(),
    ).data;
    expect(ranged.start).toBe('2026-03-05T00:00:00.000Z');
    expect(ranged.end).toBe('2026-03-06T23:59:59.999Z');
    const reversed = await t.ada.get('/api/analytics/performance?start=2026-03-06&end=2026-03-05');
    expect(errorFields(reversed.json())).toEqual(['start']);

    const risk = riskResponseSchema.parse((await t.ada.get('/api/analytics/risk')).json()).data;
    expect(risk.observations).toBe(8);
    expect(risk.volatilityPercent).not.toBeNull();
    expect(risk.largestPosition?.symbol).toBe('AAPL');
    expect(Number(risk.valueAtRisk95)).toBeGreaterThan(0);
  });

  it('resets to a fresh account: pending orders cancelled, the old history still readable', async () => {
    await placeOrder(t.ada, { symbol: 'AAPL', side: 'buy', quantity: 10 });
    const resting = await placeOrder(t.ada, { symbol: 'AAPL', side: 'buy', quantity: 10, type: 'limit', price: 100 });
    const oldAccount = (await portfolio()).accountId;
    const oldPosition = (await portfolio()).positions[0]!;
    t.clock.advance(60);

    const res = await t.ada.post('/api/trading/account/reset');
    expect(res.statusCode).toBe(200);
    const { account, closedAccountId } = accountResetResponseSchema.parse(res.json()).data;
    expect(closedAccountId).toBe(oldAccount);
    expect(account).toMatchObject({ status: 'active', cashBalance: '100000.00', openingCash: '100000.00' });

    expect(await portfolio()).toMatchObject({ accountId: account.id, totalValue: '100000.00', positions: [] });
    expect(orderListResponseSchema.parse((await t.ada.get('/api/trades')).json()).data).toEqual([]);
    const old = orderListResponseSchema.parse((await t.ada.get(`/api/trades?accountId=${oldAccount}`)).json()).data;
    expect(old.map((t) => t.status).sort()).toEqual(['cancelled', 'filled']);
    expect(old.find((t) => t.id === resting.id)!.status).toBe('cancelled');
    expect((await t.ada.get(`/api/portfolio/positions/${oldPosition.id}`)).json().data.quantity).toBe('10');

    const accounts = accountsResponseSchema.parse((await t.ada.get('/api/trading/accounts')).json()).data;
    expect(accounts.map((a) => [a.id, a.status])).toEqual([
      [account.id, 'active'],
      [oldAccount, 'closed'],
    ]);
    expect(accounts[1]!.closedAt).toBe(new Date(t.clock.now()).toISOString());
    await expectBooksBalance(t.app.deps.db, t.ada.user.id);
  });

  it('opens accounts with the configured cash', async () => {
    const { app: small } = await tradingApp({ TRADING_OPENING_CASH: '25000.50' }, t.clock.now());
    try {
      const client = await signedInClient(small);
      expect((await client.get('/api/portfolio')).json().data).toMatchObject({
        cashBalance: '25000.50',
        openingCash: '25000.50',
      });
    } finally {
      await small.close();
    }
  });
});
