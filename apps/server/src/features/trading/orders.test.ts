import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import {
  batchOrderResponseSchema,
  IDEMPOTENCY_MESSAGES,
  TRADING_MESSAGES,
  orderListResponseSchema,
  orderResponseSchema,
} from '@tp/shared';
import { cashLedger, orders } from './trading.tables';
import {
  expectBooksBalance,
  fillsOf,
  fetchOrder,
  path,
  placeOrder,
  priceText,
  second,
  tradingApp,
  tradingSuite,
} from './trading-test-kit';
import { errorFields, signedInClient } from '../../test/kit';

describe('orders over HTTP', () => {
  const t = tradingSuite('2026-03-02T14:00:00.250Z');

  it('fills a market buy at the ask of the second, walking the order book, and records it exactly', async () => {
    const [now] = path('AAPL', second(t.clock.now()), second(t.clock.now()));
    const trade = await placeOrder(t.ada, { symbol: 'AAPL', side: 'buy', quantity: 10 });
    expect(trade).toMatchObject({
      symbol: 'AAPL',
      side: 'buy',
      quantity: '10',
      filledQuantity: '10',
      status: 'filled',
      type: 'market',
      timeInForce: 'day',
      price: priceText('AAPL', now!.ask),
      avgFillPrice: priceText('AAPL', now!.ask),
      fees: '0.00',
      source: 'user',
    });
    const [fill] = await fillsOf(t.app, trade.id);
    expect(fill).toMatchObject({ liquidity: 'taker', filledAt: new Date(second(t.clock.now()) * 1_000) });
    const portfolio = (await t.ada.get('/api/portfolio')).json().data;
    const cost = (now!.ask / 100) * 10;
    expect(portfolio.cashBalance).toBe((100_000 - cost).toFixed(2));
    expect(portfolio.positions).toHaveLength(1);
    await expectBooksBalance(t.app.deps.db, t.ada.user.id);
  });

  it('answers 400 naming the field for a malformed order, and stores nothing', async () => {
    const cases: Array<[unknown, string[]]> = [
      [{ side: 'buy', quantity: 1 }, ['symbol']],
      [{ symbol: 'AAPL', side: 'hold', quantity: 1 }, ['side']],
      [{ symbol: 'AAPL', side: 'buy', quantity: -1 }, ['quantity']],
      [{ symbol: 'AAPL', side: 'buy', quantity: 1, type: 'limit' }, ['price']],
      [{ symbol: 'AAPL', side: 'buy', quantity: 1, type: 'stop_limit', price: 1 }, ['stopPrice']],
      [{ symbol: 'AAPL', side: 'buy', quantity: 1, timeInForce: 'ioc' }, ['timeInForce']],
      [{ symbol: 'AAPL', side: 'buy', quantity: '1234567890123' }, ['quantity']],
    ];
    for (const [body, fields] of cases) {
      const res = await t.ada.post('/api/trades', body as object);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorFields(res.json())).toEqual(fields);
    }
    expect(await t.app.deps.db.select().from(orders)).toHaveLength(0);
  });

  it('stores refused orders as rejected with their reason (201), and moves no money', async () => {
    const cases: Array<[object, string, string]> = [
      [{ symbol: 'ZZZZ', side: 'buy', quantity: 1 }, 'unknown_symbol', 'Unknown symbol: ZZZZ'],
      [
        { symbol: 'AAPL', side: 'buy', quantity: '0.5' },
        'invalid_quantity',
        'Quantity for AAPL must be a whole number from 1 to 100,000',
      ],
      [
        { symbol: 'AAPL', side: 'buy', quantity: 1, type: 'limit', price: '100.005' },
        'invalid_price',
        'Prices for AAPL move in steps of 0.01',
      ],
      [{ symbol: 'AAPL', side: 'sell', quantity: 1 }, 'insufficient_position', 'Insufficient position'],
      [{ symbol: 'AAPL', side: 'buy', quantity: 1_000 }, 'insufficient_cash', 'Insufficient cash: this order needs'],
      [
        { symbol: 'XAUUSD', side: 'buy', quantity: '1', type: 'limit', price: '2000' },
        'insufficient_cash',
        'needs $200,000.00',
      ],
    ];
    for (const [body, code, reason] of cases) {
      const trade = await placeOrder(t.ada, body as never);
      expect(trade.status, JSON.stringify(body)).toBe('rejected');
      expect(trade.rejectCode).toBe(code);
      expect(trade.rejectReason).toContain(reason);
      expect(Number(trade.filledQuantity)).toBe(0);
    }
    const ledger = await t.app.deps.db.select().from(cashLedger);
    expect(ledger.map((row) => row.kind)).toEqual(['opening']);
    const list = orderListResponseSchema.parse((await t.ada.get('/api/trades?status=rejected')).json());
    expect(list.pagination.total).toBe(cases.length);
  });

  it('rests a limit order as pending, holding its cost from new orders until it is cancelled', async () => {
    // 400 shares at 240 hold 96,000 USD of the 100,000
    const resting = await placeOrder(t.ada, { symbol: 'AAPL', side: 'buy', quantity: 400, type: 'limit', price: 150 });
    expect(resting).toMatchObject({ status: 'pending', limitPrice: '150.00', price: '150.00', filledQuantity: '0' });
    const accounts = (await t.ada.get('/api/trading/accounts')).json().data;
    expect(accounts[0]).toMatchObject({ cashBalance: '100000.00', reservedCash: '60000.00' });

    const [msft] = path('MSFT', second(t.clock.now()), second(t.clock.now()));
    const justOver = Math.ceil(40_000 / (msft!.ask / 100)) + 1;
    const tooMuch = await placeOrder(t.ada, { symbol: 'MSFT', side: 'buy', quantity: justOver });
    expect(tooMuch).toMatchObject({ status: 'rejected', rejectCode: 'insufficient_cash' });
    expect(tooMuch.rejectReason).toContain('$40,000.00 is available');

    const cancelled = await t.ada.patch(`/api/trades/${resting.id}/cancel`);
    expect(cancelled.statusCode).toBe(200);
    expect(orderResponseSchema.parse(cancelled.json()).data).toMatchObject({ status: 'cancelled' });
    expect((await t.ada.get('/api/trading/accounts')).json().data[0].reservedCash).toBe('0.00');
    expect((await placeOrder(t.ada, { symbol: 'MSFT', side: 'buy', quantity: justOver })).status).toBe('filled');

    const again = await t.ada.patch(`/api/trades/${resting.id}/cancel`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe(TRADING_MESSAGES.notPending);
    await expectBooksBalance(t.app.deps.db, t.ada.user.id);
  });

  it('holds a pending sell’s quantity: a second sale cannot sell it again', async () => {
    await placeOrder(t.ada, { symbol: 'AAPL', side: 'buy', quantity: 10 });
    const [now] = path('AAPL', second(t.clock.now()), second(t.clock.now()));
    const high = priceText('AAPL', now!.price * 2);
    const resting = await placeOrder(t.ada, { symbol: 'AAPL', side: 'sell', quantity: 8, type: 'limit', price: high });
    expect(resting.status).toBe('pending');
    const position = (await t.ada.get('/api/portfolio/positions')).json().data[0];
    expect(position).toMatchObject({ quantity: '10', reservedQuantity: '8' });
    const sale = await placeOrder(t.ada, { symbol: 'AAPL', side: 'sell', quantity: 3 });
    expect(sale).toMatchObject({ status: 'rejected', rejectCode: 'insufficient_position' });
    expect((await placeOrder(t.ada, { symbol: 'AAPL', side: 'sell', quantity: 2 })).status).toBe('filled');
    await expectBooksBalance(t.app.deps.db, t.ada.user.id);
  });

  it('amends a pending order: new terms, new hold; a limit moved through the market fills at once', async () => {
    const resting = await placeOrder(t.ada, { symbol: 'AAPL', side: 'buy', quantity: 10, type: 'limit', price: 150 });
    t.clock.advance(5);
    const bigger = await t.ada.patch(`/api/trades/${resting.id}`, { quantity: 20, timeInForce: 'gtc' });
    expect(bigger.statusCode, bigger.body).toBe(200);
    expect(bigger.json().data).toMatchObject({
      quantity: '20',
      timeInForce: 'gtc',
      expiresAt: null,
      status: 'pending',
    });
    expect((await t.ada.get('/api/trading/accounts')).json().data[0].reservedCash).toBe('3000.00');

    const [now] = path('AAPL', second(t.clock.now()), second(t.clock.now()));
    const through = await t.ada.patch(`/api/trades/${resting.id}`, { price: priceText('AAPL', now!.ask + 500) });
    expect(through.statusCode, through.body).toBe(200);
    expect(through.json().data).toMatchObject({ status: 'filled', avgFillPrice: priceText('AAPL', now!.ask) });
    expect((await t.ada.get('/api/trading/accounts')).json().data[0].reservedCash).toBe('0.00');
    await expectBooksBalance(t.app.deps.db, t.ada.user.id);
  });

  it('refuses a bad amendment with the field named, and leaves the order as it was', async () => {
    const resting = await placeOrder(t.ada, { symbol: 'AAPL', side: 'buy', quantity: 10, type: 'limit', price: 150 });
    const cases: Array<[object, number, string[] | undefined]> = [
      [{}, 400, ['body']],
      [{ side: 'sell' }, 400, ['body']],
      [{ price: '150.001' }, 400, ['price']],
      [{ stopPrice: '140' }, 400, ['stopPrice']],
      [{ quantity: '10.5' }, 400, ['quantity']],
      [{ quantity: 1_000 }, 422, undefined],
    ];
    for (const [body, status, fields] of cases) {
      const res = await t.ada.patch(`/api/trades/${resting.id}`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      if (fields) expect([...new Set(errorFields(res.json()))], JSON.stringify(body)).toEqual(fields);
    }
    expect(await fetchOrder(t.ada, resting.id)).toMatchObject({
      quantity: '10',
      limitPrice: '150.00',
      status: 'pending',
    });
    expect((await t.ada.patch('/api/trades/not-a-uuid', { quantity: 2 })).json().details[0].field).toBe('id');
  });

  it('keeps another user’s orders out of sight: listed never, read, amended or cancelled as 404', async () => {
    const hers = await placeOrder(t.ada, { symbol: 'AAPL', side: 'buy', quantity: 10, type: 'limit', price: 150 });
    const list = orderListResponseSchema.parse((await t.bob.get('/api/trades')).json());
    expect(list.data).toEqual([]);
    for (const res of [
      await t.bob.get(`/api/trades/${hers.id}`),
      await t.bob.patch(`/api/trades/${hers.id}`, { quantity: 5 }),
      await t.bob.patch(`/api/trades/${hers.id}/cancel`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toBe(TRADING_MESSAGES.orderNotFound);
    }
    expect((await fetchOrder(t.ada, hers.id)).status).toBe('pending');
    const accountOfAda = (await t.ada.get('/api/portfolio')).json().data.accountId;
    expect((await t.bob.get(`/api/trades?accountId=${accountOfAda}`)).statusCode).toBe(404);
  });

  it('lists orders newest first with symbol, date and status filters and paging', async () => {
    for (const symbol of ['AAPL', 'MSFT', 'AAPL', 'GOOGL', 'AAPL']) {
      await placeOrder(t.ada, { symbol, side: 'buy', quantity: 1 });
      t.clock.advance(60);
    }
    const page = orderListResponseSchema.parse((await t.ada.get('/api/trades?symbol=aapl&limit=2')).json());
    expect(page.data.map((t) => t.symbol)).toEqual(['AAPL', 'AAPL']);
    expect(page.pagination).toEqual({ total: 3, limit: 2, offset: 0, hasMore: true });
    expect(page.data[0]!.createdAt > page.data[1]!.createdAt).toBe(true);
    const next = orderListResponseSchema.parse((await t.ada.get('/api/trades?symbol=AAPL&limit=2&offset=2')).json());
    expect(next.data).toHaveLength(1);
    expect(next.pagination.hasMore).toBe(false);

    const ranged = orderListResponseSchema.parse(
      (await t.ada.get('/api/trades?startDate=2026-03-02T14:01:00Z&endDate=2026-03-02T14:02:30Z')).json(),
    );
    expect(ranged.data.map((t) => t.symbol)).toEqual(['AAPL', 'MSFT']);
    const day = orderListResponseSchema.parse((await t.ada.get('/api/trades?endDate=2026-03-02')).json());
    expect(day.pagination.total).toBe(5);
    expect(orderListResponseSchema.parse((await t.ada.get('/api/trades?endDate=2026-03-01')).json()).data).toEqual([]);

    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=101', 'limit'],
      ['offset=-1', 'offset'],
      ['startDate=2026-03-03&endDate=2026-03-02', 'startDate'],
      ['startDate=yesterday', 'startDate'],
      ['symbol=A$', 'symbol'],
      ['status=open', 'status'],
    ] as const) {
      const res = await t.ada.get(`/api/trades?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(errorFields(res.json()), query).toEqual([field]);
    }
  });

  it('places a retried POST once with an Idempotency-Key, and refuses the key with another body', async () => {
    const order = { symbol: 'AAPL', side: 'buy', quantity: 10 } as const;
    const key = { 'idempotency-key': 'order-7f3a' };
    const first = await t.ada.post('/api/trades', order, { headers: key });
    const retry = await t.ada.post('/api/trades', { ...order, type: 'market', timeInForce: 'day' }, { headers: key });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json().data).toEqual(first.json().data);
    expect(await t.app.deps.db.select().from(orders)).toHaveLength(1);

    const other = await t.ada.post('/api/trades', { ...order, quantity: 11 }, { headers: key });
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      error: IDEMPOTENCY_MESSAGES.keyReused,
    });

    // keys are per user: another user's same key places another order
    expect((await t.bob.post('/api/trades', order, { headers: key })).json().data.id).not.toBe(first.json().data.id);
    const bad = await t.ada.post('/api/trades', order, { headers: { 'idempotency-key': 'x'.repeat(256) } });
    expect(bad.statusCode).toBe(400);
    expect(errorFields(bad.json())).toEqual(['idempotency-key']);
    await expectBooksBalance(t.app.deps.db, t.ada.user.id);
  });

  it('places a batch item by item, each with its own result, and replays it whole with the same key', async () => {
    const trades = [
      { symbol: 'AAPL', side: 'buy', quantity: 5 },
      { symbol: 'AAPL', side: 'buy' },
      { symbol: 'MSFT', side: 'sell', quantity: 1 },
      { symbol: 'EURUSD', side: 'buy', quantity: '0.10', type: 'limit', price: '1.00000' },
    ];
    const headers = { 'idempotency-key': 'batch-1' };
    const res = await t.ada.post('/api/trades/batch', { trades }, { headers });
    expect(res.statusCode).toBe(200);
    const { results } = batchOrderResponseSchema.parse(res.json()).data;
    expect(results.map((r) => r.success)).toEqual([true, false, true, true]);
    expect(results[0]).toMatchObject({ index: 0, trade: { status: 'filled' } });
    expect(results[1]).toMatchObject({ index: 1, code: 'VALIDATION_FAILED', details: [{ field: 'quantity' }] });
    expect(results[2]).toMatchObject({ trade: { status: 'rejected', rejectCode: 'insufficient_position' } });
    expect(results[3]).toMatchObject({ trade: { status: 'pending', limitPrice: '1.00000', quantity: '0.10' } });

    const again = batchOrderResponseSchema.parse(
      (await t.ada.post('/api/trades/batch', { trades }, { headers })).json(),
    );
    expect(again.data.results.map((r) => (r.success ? r.trade.id : null))).toEqual(
      results.map((r) => (r.success ? r.trade.id : null)),
    );
    expect(await t.app.deps.db.select().from(orders)).toHaveLength(3);

    const empty = await t.ada.post('/api/trades/batch', { trades: [] });
    expect(errorFields(empty.json())).toEqual(['trades']);
    const many = await t.ada.post('/api/trades/batch', { trades: Array(21).fill(trades[0]) });
    expect(errorFields(many.json())).toEqual(['trades']);
  });

  it('books configured commission and slippage as ledger rows of their own', async () => {
    const { app: charged, clock: chargedClock } = await tradingApp(
      { TRADING_COMMISSION_PER_ORDER: '1.00', TRADING_COMMISSION_RATE: '0.0005', TRADING_SLIPPAGE_RATE: '0.0002' },
      t.clock.now(),
    );
    try {
      const client = await signedInClient(charged);
      // the portfolio tells the order ticket what every order pays
      expect((await client.get('/api/portfolio')).json().data.charges).toEqual({
        commissionPerOrder: '1.00',
        commissionRate: '0.0005',
        slippageRate: '0.0002',
      });
      const [now] = path('AAPL', second(chargedClock.now()), second(chargedClock.now()));
      const trade = await placeOrder(client, { symbol: 'AAPL', side: 'buy', quantity: 100 });
      const notional = (now!.ask * 100) / 100;
      const commission = Math.round((1 + notional * 0.0005) * 100) / 100;
      const slippage = Math.round(notional * 0.0002 * 100) / 100;
      expect(trade.fees).toBe((commission + slippage).toFixed(2));
      const rows = await charged.deps.db.select().from(cashLedger).where(eq(cashLedger.orderId, trade.id));
      expect(rows.map((r) => [r.kind, r.amount])).toEqual([
        ['fill', (-notional).toFixed(2)],
        ['commission', (-commission).toFixed(2)],
        ['slippage', (-slippage).toFixed(2)],
      ]);
      await expectBooksBalance(charged.deps.db, client.user.id);
    } finally {
      await charged.close();
    }
  });

  it('refuses every route without a session', async () => {
    for (const [method, url, payload] of [
      ['GET', '/api/trades'],
      ['POST', '/api/trades', { symbol: 'AAPL', side: 'buy', quantity: 1 }],
      ['GET', '/api/portfolio'],
      ['GET', '/api/preferences/trading'],
      ['GET', '/api/analytics/risk'],
      ['POST', '/api/trading/account/reset'],
    ] as const) {
      expect((await t.app.inject({ method, url, payload })).statusCode, url).toBe(401);
    }
    expect(await t.app.deps.db.select().from(orders)).toHaveLength(0);
  });
});
