import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { positionBatchResponseSchema, TRADING_MESSAGES } from '@tp/shared';
import { runMatchingPass } from './matching.service';
import { orders } from './trading.tables';
import {
  expectBooksBalance,
  extremeOf,
  fillsOf,
  fetchOrder,
  path,
  placeOrder,
  priceText,
  second,
  tradingApp,
  tradingSuite,
} from './trading-test-kit';
import { signedInClient } from '../../test/kit';

/** Ten minutes of market ahead of the t.clock. */
const WINDOW = 600;

describe('matching resting orders against the simulated market', () => {
  const t = tradingSuite('2026-03-02T14:00:00.400Z');

  const ahead = (symbol: string) => path(symbol, second(t.clock.now()) + 1, second(t.clock.now()) + WINDOW);
  const nowOf = (symbol: string) => path(symbol, second(t.clock.now()), second(t.clock.now()))[0]!;
  const pass = () => runMatchingPass(t.app.deps);

  it('fills a resting limit buy at its limit, at the first second the ask reaches it, and frees its hold', async () => {
    const lowest = extremeOf(ahead('AAPL'), (s) => s.ask, true);
    expect(lowest.value).toBeLessThan(nowOf('AAPL').ask);
    const order = await placeOrder(t.ada, {
      symbol: 'AAPL',
      side: 'buy',
      quantity: 20,
      type: 'limit',
      price: priceText('AAPL', lowest.value),
    });
    expect(order.status).toBe('pending');

    t.clock.set(lowest.at.second * 1_000 - 1_000);
    await pass();
    expect((await fetchOrder(t.ada, order.id)).status).toBe('pending');

    t.clock.advance(WINDOW);
    expect(await pass()).toMatchObject({ settled: 1 });
    const filled = await fetchOrder(t.ada, order.id);
    expect(filled).toMatchObject({
      status: 'filled',
      filledQuantity: '20',
      avgFillPrice: priceText('AAPL', lowest.value),
      timestamp: new Date(lowest.at.second * 1_000).toISOString(),
    });
    const [fill] = await fillsOf(t.app, order.id);
    expect(fill).toMatchObject({ liquidity: 'maker', filledAt: new Date(lowest.at.second * 1_000) });
    expect((await t.ada.get('/api/trading/accounts')).json().data[0].reservedCash).toBe('0.00');

    // a second pass books nothing more
    expect(await pass()).toMatchObject({ settled: 0 });
    expect(await fillsOf(t.app, order.id)).toHaveLength(1);
    await expectBooksBalance(t.app.deps.db, t.ada.user.id);
  });

  it('fills a resting limit sell at its limit when the bid reaches it', async () => {
    await placeOrder(t.ada, { symbol: 'EURUSD', side: 'buy', quantity: '0.50' });
    const highest = extremeOf(ahead('EURUSD'), (s) => s.bid, false);
    expect(highest.value).toBeGreaterThan(nowOf('EURUSD').bid);
    const order = await placeOrder(t.ada, {
      symbol: 'EURUSD',
      side: 'sell',
      quantity: '0.50',
      type: 'limit',
      price: priceText('EURUSD', highest.value),
      timeInForce: 'gtc',
    });
    expect(order.status).toBe('pending');
    t.clock.advance(WINDOW);
    await pass();
    expect(await fetchOrder(t.ada, order.id)).toMatchObject({
      status: 'filled',
      avgFillPrice: priceText('EURUSD', highest.value),
    });
    const position = (await t.ada.get('/api/portfolio')).json().data;
    expect(position.positions).toEqual([]);
    expect(Number(position.realizedPnl)).not.toBe(0);
    await expectBooksBalance(t.app.deps.db, t.ada.user.id);
  });

  it('triggers a buy stop when the price reaches it and fills it at that second’s ask', async () => {
    const highest = extremeOf(ahead('TSLA'), (s) => s.price, false);
    expect(highest.value).toBeGreaterThan(nowOf('TSLA').price);
    const order = await placeOrder(t.ada, {
      symbol: 'TSLA',
      side: 'buy',
      quantity: 5,
      type: 'stop',
      stopPrice: priceText('TSLA', highest.value),
    });
    expect(order).toMatchObject({ status: 'pending', stopPrice: priceText('TSLA', highest.value), triggeredAt: null });
    // held at the stop price while it waits
    expect((await t.ada.get('/api/trading/accounts')).json().data[0].reservedCash).toBe(
      ((highest.value / 100) * 5).toFixed(2),
    );
    t.clock.advance(WINDOW);
    await pass();
    const at = new Date(highest.at.second * 1_000).toISOString();
    expect(await fetchOrder(t.ada, order.id)).toMatchObject({
      status: 'filled',
      triggeredAt: at,
      avgFillPrice: priceText('TSLA', highest.at.ask),
    });
    await expectBooksBalance(t.app.deps.db, t.ada.user.id);
  });

  it('triggers a sell stop-limit, which then trades as a limit order', async () => {
    await placeOrder(t.ada, { symbol: 'MSFT', side: 'buy', quantity: 10 });
    const lowest = extremeOf(ahead('MSFT'), (s) => s.price, true);
    expect(lowest.value).toBeLessThan(nowOf('MSFT').price);
    const limit = lowest.value - 1_000; // ten dollars under the stop: marketable once triggered
    const order = await placeOrder(t.ada, {
      symbol: 'MSFT',
      side: 'sell',
      quantity: 10,
      type: 'stop_limit',
      stopPrice: priceText('MSFT', lowest.value),
      price: priceText('MSFT', limit),
    });
    expect(order.status).toBe('pending');
    t.clock.advance(WINDOW);
    await pass();
    expect(await fetchOrder(t.ada, order.id)).toMatchObject({
      status: 'filled',
      triggeredAt: new Date(lowest.at.second * 1_000).toISOString(),
      avgFillPrice: priceText('MSFT', lowest.at.bid),
    });
    await expectBooksBalance(t.app.deps.db, t.ada.user.id);
  });

  it('records a stop-limit that triggered but could not trade, and fills it later at its limit', async () => {
    const lowest = extremeOf(ahead('AMZN'), (s) => s.ask, true);
    expect(lowest.value).toBeLessThan(nowOf('AMZN').ask);
    // a buy stop-limit with its stop under the price triggers at once; its limit under the ask then rests
    const order = await placeOrder(t.ada, {
      symbol: 'AMZN',
      side: 'buy',
      quantity: 3,
      type: 'stop_limit',
      stopPrice: priceText('AMZN', nowOf('AMZN').price - 1),
      price: priceText('AMZN', lowest.value),
    });
    expect(order.triggeredAt).toBe(new Date(second(t.clock.now()) * 1_000).toISOString());
    expect(order.status).toBe('pending');
    t.clock.advance(WINDOW);
    await pass();
    expect(await fetchOrder(t.ada, order.id)).toMatchObject({
      status: 'filled',
      avgFillPrice: priceText('AMZN', lowest.value),
    });
  });

  it('expires a day order at the end of its UTC day; a gtc order stays', async () => {
    t.clock.set(Date.parse('2026-03-02T23:59:00.000Z'));
    const low = priceText('GOOGL', Math.round(nowOf('GOOGL').price / 2));
    const day = await placeOrder(t.ada, { symbol: 'GOOGL', side: 'buy', quantity: 10, type: 'limit', price: low });
    const gtc = await placeOrder(t.ada, {
      symbol: 'GOOGL',
      side: 'buy',
      quantity: 10,
      type: 'limit',
      price: low,
      timeInForce: 'gtc',
    });
    expect(day.expiresAt).toBe('2026-03-03T00:00:00.000Z');
    t.clock.set(Date.parse('2026-03-03T00:00:30.000Z'));
    await pass();
    expect(await fetchOrder(t.ada, day.id)).toMatchObject({ status: 'expired', timestamp: '2026-03-03T00:00:00.000Z' });
    expect((await fetchOrder(t.ada, gtc.id)).status).toBe('pending');
    const held = (await t.ada.get('/api/trading/accounts')).json().data[0].reservedCash;
    expect(held).toBe(((Number(low) * 10) as number).toFixed(2));
    await expectBooksBalance(t.app.deps.db, t.ada.user.id);
  });

  it('books a fill the market made before a cancel arrived, and refuses the cancel (409)', async () => {
    const lowest = extremeOf(ahead('AAPL'), (s) => s.ask, true);
    const order = await placeOrder(t.ada, {
      symbol: 'AAPL',
      side: 'buy',
      quantity: 10,
      type: 'limit',
      price: priceText('AAPL', lowest.value),
    });
    t.clock.set(lowest.at.second * 1_000 + 5_000);
    const cancel = await t.ada.patch(`/api/trades/${order.id}/cancel`);
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error).toBe(TRADING_MESSAGES.notPending);
    expect(await fetchOrder(t.ada, order.id)).toMatchObject({
      status: 'filled',
      avgFillPrice: priceText('AAPL', lowest.value),
    });
    await expectBooksBalance(t.app.deps.db, t.ada.user.id);
  });

  it('books each order once when two passes run at the same time', async () => {
    const ids: string[] = [];
    for (const symbol of ['AAPL', 'MSFT', 'GOOGL', 'XAUUSD']) {
      if (symbol === 'XAUUSD') continue;
      const lowest = extremeOf(ahead(symbol), (s) => s.ask, true);
      ids.push(
        (
          await placeOrder(t.ada, {
            symbol,
            side: 'buy',
            quantity: 7,
            type: 'limit',
            price: priceText(symbol, lowest.value),
          })
        ).id,
      );
    }
    t.clock.advance(WINDOW);
    const reports = await Promise.all([pass(), pass(), pass()]);
    expect(reports.reduce((sum, r) => sum + r.settled, 0)).toBe(ids.length);
    for (const id of ids) {
      expect((await fetchOrder(t.ada, id)).status).toBe('filled');
      expect(await fillsOf(t.app, id)).toHaveLength(1);
    }
    await expectBooksBalance(t.app.deps.db, t.ada.user.id);
  });

  describe('stop-loss and take-profit', () => {
    async function buyAndProtect(symbol: string, levels: { stopLoss?: string | null; takeProfit?: string | null }) {
      await placeOrder(t.ada, { symbol, side: 'buy', quantity: 10 });
      const res = await t.ada.post('/api/portfolio/positions/batch', { updates: [{ symbol, ...levels }] });
      expect(res.statusCode).toBe(200);
      return positionBatchResponseSchema.parse(res.json()).data.results[0]!;
    }

    it('sells the position at market when the price falls to its stop-loss, then clears the levels', async () => {
      const lowest = extremeOf(ahead('AAPL'), (s) => s.price, true);
      const set = await buyAndProtect('AAPL', { stopLoss: priceText('AAPL', lowest.value) });
      expect(set).toMatchObject({ success: true, position: { stopLoss: priceText('AAPL', lowest.value) } });
      t.clock.advance(WINDOW);
      expect(await pass()).toMatchObject({ closed: 1 });
      const [closing] = await t.app.deps.db.select().from(orders).where(eq(orders.source, 'stop_loss'));
      expect(closing).toMatchObject({
        side: 'sell',
        type: 'market',
        status: 'filled',
        createdAt: new Date(lowest.at.second * 1_000),
      });
      expect((await fetchOrder(t.ada, closing!.id)).avgFillPrice).toBe(priceText('AAPL', lowest.at.bid));
      const portfolio = (await t.ada.get('/api/portfolio')).json().data;
      expect(portfolio.positions).toEqual([]);
      expect(await pass()).toMatchObject({ closed: 0 });
      await expectBooksBalance(t.app.deps.db, t.ada.user.id);
    });

    it('sells at the take-profit, only what pending sells do not already hold', async () => {
      const highest = extremeOf(ahead('GOOGL'), (s) => s.price, false);
      await buyAndProtect('GOOGL', { takeProfit: priceText('GOOGL', highest.value) });
      const far = priceText('GOOGL', nowOf('GOOGL').price * 3);
      await placeOrder(t.ada, {
        symbol: 'GOOGL',
        side: 'sell',
        quantity: 4,
        type: 'limit',
        price: far,
        timeInForce: 'gtc',
      });
      t.clock.advance(WINDOW);
      await pass();
      const [closing] = await t.app.deps.db.select().from(orders).where(eq(orders.source, 'take_profit'));
      expect(closing).toMatchObject({ status: 'filled', quantity: '6.00000000' });
      const positions = (await t.ada.get('/api/portfolio/positions')).json().data;
      expect(positions[0]).toMatchObject({ quantity: '4', reservedQuantity: '4', takeProfit: null, stopLoss: null });
      await expectBooksBalance(t.app.deps.db, t.ada.user.id);
    });

    it('refuses levels on the wrong side of the price, off the tick grid, or without a position, item by item', async () => {
      await placeOrder(t.ada, { symbol: 'AAPL', side: 'buy', quantity: 10 });
      const price = nowOf('AAPL').price;
      const res = await t.ada.post('/api/portfolio/positions/batch', {
        updates: [
          { symbol: 'AAPL', stopLoss: priceText('AAPL', price + 100) },
          { symbol: 'AAPL', takeProfit: priceText('AAPL', price - 100) },
          { symbol: 'AAPL', stopLoss: '100.001' },
          { symbol: 'MSFT', stopLoss: '1' },
          { positionId: '00000000-0000-4000-8000-000000000000', stopLoss: '1' },
          { symbol: 'AAPL', stopLoss: priceText('AAPL', price - 500), takeProfit: priceText('AAPL', price + 500) },
          { symbol: 'AAPL', takeProfit: null },
        ],
      });
      const { results } = positionBatchResponseSchema.parse(res.json()).data;
      expect(results.map((r) => (r.success ? 'ok' : (r.details?.[0]?.field ?? r.code)))).toEqual([
        'updates.0.stopLoss',
        'updates.1.takeProfit',
        'updates.2.stopLoss',
        'NO_OPEN_POSITION',
        'NOT_FOUND',
        'ok',
        'ok',
      ]);
      expect(results[6]).toMatchObject({
        position: { stopLoss: priceText('AAPL', price - 500), takeProfit: null },
      });
      const bad = await t.ada.post('/api/portfolio/positions/batch', { updates: [{ symbol: 'AAPL' }] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().details[0].field).toBe('updates.0.stopLoss');
    });
  });
});

describe('the matching job on its own', () => {
  it('fills a crossed resting order without anyone calling the pass', { timeout: 60_000 }, async () => {
    const { app, clock } = await tradingApp({ TRADING_MATCH_INTERVAL_MS: '200' });
    try {
      const ada = await signedInClient(app);
      const lowest = extremeOf(path('AAPL', second(clock.now()) + 1, second(clock.now()) + WINDOW), (s) => s.ask, true);
      const order = await placeOrder(ada, {
        symbol: 'AAPL',
        side: 'buy',
        quantity: 1,
        type: 'limit',
        price: priceText('AAPL', lowest.value),
      });
      clock.advance(WINDOW);
      await vi.waitFor(async () => expect((await fetchOrder(ada, order.id)).status).toBe('filled'), {
        timeout: 30_000,
        interval: 100,
      });
    } finally {
      await app.close();
    }
  });
});
